"""A classifier step that records per-batch statistics from inside TensorFlow with
`tf.py_function(RECORDER, [tf.stack([loss, acc])], [])`, where RECORDER is an instance of a
program class `Recorder(list)` whose `__call__` is the C method descriptor
`Recorder.__call__ = list.extend` (the two scalars of the stacked tensor are
appended), i.e. a callable object of the program whose call runs no Python code.
The step itself also appends a marker string to RECORDER before the py_function
and reads `len(RECORDER)` after it.  Mid-run the loop replaces
`Recorder.__call__` on the class with `functools.partialmethod(list.insert, 0)`
(step 10: inserts the stacked tensor at the front), clears the list in place with
`del RECORDER[:]` (step 17), and swaps the instance's class to `Ledger(list)` whose
`__call__` is `list.extend` again (step 24).
Probes: `tf.py_function` of a callable whose code is not the program's Python
(a C method descriptor on a program class) in a converted step; the deferred list
writes and the length read against writes the py_function makes while the graph
runs."""
import random

import numpy

random.seed(6024)
numpy.random.seed(6024)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6024)
rng = np.random.default_rng(6024)
XS = rng.normal(size=(160, 6)).astype(np.float32)
LABELS = (XS[:, 0] + XS[:, 1] * XS[:, 2] > 0.0).astype(np.int32) + (XS[:, 3] > 1.0).astype(np.int32)


class Recorder(list):
    __call__ = list.extend


class Ledger(list):
    __call__ = list.extend


RECORDER = Recorder()
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="relu"), keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
XENT = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y, tag):
    with tf.GradientTape() as tape:
        logits = MODEL(x, training=True)
        loss = XENT(y, logits)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    acc = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, axis=1, output_type=tf.int32), y), tf.float32))
    RECORDER.append(tag)
    tf.py_function(RECORDER, [tf.stack([loss, acc])], [])
    seen = len(RECORDER)
    return loss, seen


def show(item):
    if isinstance(item, str):
        return item
    return [repr(float(v)) for v in np.ravel(item.numpy())]


for step in range(32):
    if step == 10:
        Recorder.__call__ = functools.partialmethod(list.insert, 0)
    if step == 17:
        del RECORDER[:]
    if step == 24:
        RECORDER.__class__ = Ledger
    i = (step * 8) % 152
    loss, seen = train_step(tf.constant(XS[i:i + 8]), tf.constant(LABELS[i:i + 8]), "s%d" % step)
    print(step, repr(float(loss)), seen, len(RECORDER), [show(e) for e in RECORDER[:2]],
          [show(e) for e in RECORDER[-3:]])

print(json.dumps({
    "k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "len": len(RECORDER),
    "kinds": sorted({type(e).__name__ for e in RECORDER}),
}))

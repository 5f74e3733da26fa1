"""Between steps the loop drops a small self-referencing record (a cycle) whose
weakref.finalize callback prints "collected <k>" when the cyclic collector frees it.
No code of the program calls gc: the collector runs when enough container objects
have been allocated since its last run (CPython's generation-0 threshold), and the
allocations the training step makes in eager decide at which step each collection
happens, so the printed "collected" lines interleave with the step lines in a fixed,
reproducible order.  At step 15 the loop lowers the threshold with
gc.set_threshold(300, 10, 10) so that collections come several times per step.
Probes: when cyclic garbage is freed relative to the program's prints, which follows
the interpreter's allocations."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2743)
numpy.random.seed(2743)

import gc
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27431)
rng = np.random.default_rng(27431)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Record:
    pass


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


gc.collect()
for step in range(30):
    if step == 15:
        gc.set_threshold(300, 10, 10)
    rec = Record()
    rec.me = rec
    weakref.finalize(rec, print, "collected", step)
    del rec
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

gc.collect()
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

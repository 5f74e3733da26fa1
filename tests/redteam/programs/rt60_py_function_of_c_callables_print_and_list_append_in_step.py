"""A regression step that logs its loss from inside TensorFlow with `tf.py_function`
whose `func` is not a Python function of the program but a C callable: first the
builtin `print` (step 0-9), then the bound C method `LOSS_TENSORS.append` of a
program list (step 10-19), then `functools.partial(print, "py:")` (step 20-29),
then back to `print` with a `sep` given through a partial (step 30-35).  The global
`TRACE` the step reads is rebound by the loop at those steps.  Around the
py_function the step itself prints a line and appends a tag to the same list,
so the order of the deferred Python writes/prints against what the C callable does
when the graph runs is visible in every printed line.
Probes: the refusal of `tf.py_function` / `tf.numpy_function` in converted steps
(`_refuse_program_callbacks`) for callables that are not the program's Python code
(builtins, bound C methods of program containers, partials of builtins); the one
ordered log of output and the deferred list writes around them."""
import random

import numpy

random.seed(6001)
numpy.random.seed(6001)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6001)
rng = np.random.default_rng(6001)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 1:2] * 0.3 + 0.1).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)
LOSS_TENSORS = []
TRACE = print


def train_step(x, y, tag):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    print("  before trace", tag)
    LOSS_TENSORS.append(tag)
    tf.py_function(TRACE, [loss], [])
    print("  after trace", tag)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 10:
        TRACE = LOSS_TENSORS.append
    if step == 20:
        TRACE = functools.partial(print, "py:")
    if step == 30:
        TRACE = functools.partial(print, sep=" | ")
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), "t%d" % step)
    tail = [e if isinstance(e, str) else repr(float(e)) for e in LOSS_TENSORS[-3:]]
    print(step, repr(float(loss)), len(LOSS_TENSORS), tail)

print(json.dumps({
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "b": repr(float(MODEL.layers[1].bias.numpy()[0])),
    "log_len": len(LOSS_TENSORS),
    "kinds": [type(e).__name__ for e in LOSS_TENSORS[:4]],
}))

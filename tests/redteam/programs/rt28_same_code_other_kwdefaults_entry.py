"""The step takes a keyword-only `scale` with a default.  At step 14 the loop switches to a
function made from the same code object and globals but other keyword defaults
(types.FunctionType(...) with __kwdefaults__ = {"scale": 0.4, "tag": "ft"}), called the
same way, without the keyword.  CPython binds the new function's defaults into the
frame.  Probes: graphs cached per code object, entered through another function object
whose defaults differ."""
import random

import numpy

random.seed(2830)
numpy.random.seed(2830)

import json
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2830)
rng = np.random.default_rng(2830)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, *, scale=1.0, tag="base"):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * scale
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    print("  ", tag, scale)
    return loss


finetune_step = types.FunctionType(train_step.__code__, train_step.__globals__, "finetune_step")
finetune_step.__kwdefaults__ = {"scale": 0.4, "tag": "ft"}

for step in range(30):
    fn = train_step if step < 14 else finetune_step
    i = (step * 8) % 56
    loss = fn(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

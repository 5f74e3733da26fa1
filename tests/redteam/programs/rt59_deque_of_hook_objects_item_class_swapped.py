"""A two-part network (a Dense body and a Dense head, plain Keras layers) with a
feature-transform pipeline between them held in a program `collections.deque` of hook
objects (`for hook in PIPE: h = hook(h)` in the step; each hook's `__call__` is found
on its class).  The loop changes a hook's behaviour by re-classing it in place, keeping
the deque's items (identity, order, length) unchanged: `PIPE[1].__class__ = SoftClip`
at step 10, `PIPE[0].s = 1.2` at step 18, `PIPE[0].__class__ = SoftClip` at step 26.
Each step prints the loss and the hooks' class names and scales.
Probes: the guard on a deque's items (by identity, in order) and the class of each item
whose `__call__` the step invokes implicitly -- the 2026-12-01 fix pins item classes of
lists and tuples; a deque is a different container path."""
import random

import numpy

random.seed(5919)
numpy.random.seed(5919)

import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5919)
rng = np.random.default_rng(5919)
XS = rng.normal(size=(220, 6)).astype(np.float32)
YS = (np.tanh(XS[:, :3].sum(axis=1, keepdims=True)) * 2.0 - XS[:, 5:6]).astype(np.float32)


class Scale:
    def __init__(self, s):
        self.s = s

    def __call__(self, h):
        return h * self.s


class SoftClip:
    def __init__(self, s):
        self.s = s

    def __call__(self, h):
        return self.s * tf.tanh(h / self.s)


BODY = keras.layers.Dense(12, activation="relu")
HEAD = keras.layers.Dense(1)
BODY.build((None, 6))
HEAD.build((None, 12))
PARAMS = BODY.trainable_variables + HEAD.trainable_variables
PIPE = collections.deque([Scale(1.0), Scale(0.8)])
OPT = keras.optimizers.Adam(learning_rate=5e-3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = BODY(x)
        for hook in PIPE:
            h = hook(h)
        loss = tf.reduce_mean(tf.square(HEAD(h) - y))
    grads = tape.gradient(loss, PARAMS)
    OPT.apply_gradients(zip(grads, PARAMS))
    return loss


for step in range(34):
    if step == 10:
        PIPE[1].__class__ = SoftClip
    if step == 18:
        PIPE[0].s = 1.2
    if step == 26:
        PIPE[0].__class__ = SoftClip
    i = (step * 20) % 200
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), [f"{type(h).__name__}:{h.s}" for h in PIPE])

print(json.dumps({
    "body": [repr(float(v)) for v in BODY.kernel.numpy().ravel()[:8]],
    "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()],
}))

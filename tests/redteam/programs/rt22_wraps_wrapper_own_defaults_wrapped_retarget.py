"""Probes argument binding of a functools.wraps wrapper.  `penalty` is decorated by
`capped`, whose wrapper has defaults of its own (coef=0.05, power=2) that differ from the
wrapped function's (coef=0.01, power=4) and forwards *rest/**kw.  inspect.signature()
of the wrapper follows __wrapped__ and reports the wrapped function's defaults; CPython
binds the wrapper's own.  Mid-run the loop retargets `penalty.__wrapped__` to another
function with yet other defaults (step 9), which eager ignores entirely (the wrapper
calls its closure cell `fn`), and changes the global CAP at steps 9 and 21 so that
janus rebuilds after each retarget; at step 21 it also replaces the wrapper's own
__defaults__ (which eager does follow).  The step calls penalty(W1), penalty(W2,
power=1) and penalty(B1, **EXTRA) where EXTRA gains a key mid-run.  A graph that bound
through the signature of __wrapped__ would use the wrong coefficients and powers."""
import functools
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2202)
np.random.seed(2202)
keras.utils.set_random_seed(2202)
rng = np.random.default_rng(2202)

XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 1.5) + XS[:, 1:2] * 0.3).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 12)).astype(np.float32) * 0.4, name="W1")
B1 = tf.Variable(np.full(12, 0.1, np.float32), name="B1")
W2 = tf.Variable(rng.normal(size=(12, 1)).astype(np.float32) * 0.4, name="W2")
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)
CAP = 10.0
EXTRA = {}
CALLS = []


def capped(fn):
    @functools.wraps(fn)
    def wrapper(t, coef=0.05, *rest, power=2, **kw):
        CALLS.append((coef, power))
        return tf.minimum(fn(t, coef, *rest, power=power, **kw), CAP)
    return wrapper


@capped
def penalty(t, coef=0.01, *, power=4, shift=0.0):
    return coef * tf.reduce_sum(tf.abs(t + shift) ** power)


def other_penalty(t, coef=3.0, *, power=1, shift=5.0):
    return coef * tf.reduce_sum(tf.abs(t + shift) ** power)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1 + B1)
        pred = h @ W2
        loss = tf.reduce_mean(tf.square(pred - y))
        loss = loss + penalty(W1) + penalty(W2, power=1) + penalty(B1, **EXTRA)
    grads = tape.gradient(loss, [W1, B1, W2])
    OPT.apply_gradients(zip(grads, [W1, B1, W2]))
    return loss


for step in range(36):
    if step == 9:
        penalty.__wrapped__ = other_penalty
        CAP = 9.5
    if step == 15:
        EXTRA["shift"] = 0.25
    if step == 21:
        penalty.__defaults__ = (0.02,)
        penalty.__kwdefaults__ = {"power": 3}
        CAP = 9.0
    if step == 28:
        EXTRA["coef"] = 0.001
    i = (step * 16) % 64
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), CALLS[-3:], len(CALLS))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "B1": [repr(float(v)) for v in B1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "calls": len(CALLS),
}))

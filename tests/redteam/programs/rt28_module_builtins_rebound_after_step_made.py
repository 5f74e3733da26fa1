"""At step 15 the loop rebinds the module's __builtins__ to a sandbox dict whose `min` and
`max` round to a grid (and whose `round` is a no-op), as a test harness would before
exec'ing new code.  CPython 3.13 fixed each existing function's builtins when it was
made (func.__builtins__), so the training step, made at import, keeps the real min, max
and round: eager is unaffected.  A graph guard that looks builtins up through
globals()['__builtins__'] would see the sandbox and rebuild with its functions.  Probes:
where guards find a function's builtins."""
import random

import numpy

random.seed(2818)
numpy.random.seed(2818)

import builtins
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2818)
rng = np.random.default_rng(2818)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, t):
    scale = max(0.25, min(1.0, 0.05 * t))
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * scale
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, round(scale, 3)


def grid_min(a, b):
    return builtins.min(a, b) // 0.125 * 0.125


def grid_max(a, b):
    return builtins.max(a, b) // 0.125 * 0.125 + 0.0625


SANDBOX = dict(vars(builtins))
SANDBOX["min"] = grid_min
SANDBOX["max"] = grid_max
SANDBOX["round"] = lambda v, n=None: v

for step in range(30):
    if step == 15:
        globals()["__builtins__"] = SANDBOX
    i = (step * 8) % 56
    loss, scale = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    builtins.print(step, builtins.repr(builtins.float(loss)), builtins.repr(scale))

builtins.print(json.dumps({
    "W1": [builtins.repr(builtins.float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [builtins.repr(builtins.float(v)) for v in W2.numpy().ravel()],
}))

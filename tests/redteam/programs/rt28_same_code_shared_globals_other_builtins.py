"""Two functions share the training step's code object and its module globals dict but
not their builtins: CPython 3.13 fixes a function's builtins (func.__builtins__) when the
function is made, from globals()['__builtins__'] at that moment.  The loop makes
`audited_step` while the module's __builtins__ is briefly a sandbox dict whose `min` and
`max` round to a grid (a replay harness), then restores it.  Steps 0-13 call train_step,
steps 14+ call audited_step: same code, same globals, other min/max.  Probes: graphs
cached per code object, guards on builtin names read through the function's globals
rather than its own __builtins__."""
import random

import numpy

random.seed(2808)
numpy.random.seed(2808)

import builtins
import json
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2808)
rng = np.random.default_rng(2808)
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
    return loss, scale


def grid_min(a, b):
    return builtins.min(a, b) // 0.125 * 0.125


def grid_max(a, b):
    return builtins.max(a, b) // 0.125 * 0.125 + 0.0625


SANDBOX = dict(vars(builtins))
SANDBOX["min"] = grid_min
SANDBOX["max"] = grid_max
_saved = globals()["__builtins__"]
globals()["__builtins__"] = SANDBOX
audited_step = types.FunctionType(train_step.__code__, globals(), "audited_step")
globals()["__builtins__"] = _saved

for step in range(30):
    fn = train_step if step < 14 else audited_step
    i = (step * 8) % 56
    loss, scale = fn(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, fn.__name__, repr(float(loss)), repr(scale))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

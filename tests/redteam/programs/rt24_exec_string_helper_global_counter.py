"""Mechanism: a helper the program compiles itself from a string with exec() (its
code's filename is "<string>", like the code namedtuple and dataclasses compile) and whose
globals are a plain dict NS, not a module.  The training step calls the helper; the helper
does `global calls, scale` writes in NS (counting its calls and decaying a gain) and the
step reads NS["calls"] back in the same call.  At step 12 the loop rebinds NS["scale"]
from outside and at step 20 it replaces NS["bias"].  Eager runs the helper at every call;
a build that took "<string>" code for library code and ran it natively would run it once,
at build time, freezing the counter and the gain (and would key the writes to NS wrongly).
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(5)
np.random.seed(5)
keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)

SRC = '''
def gain(x):
    global calls, scale
    calls = calls + 1
    scale = scale * 0.97
    return x * scale + bias
'''
NS = {"calls": 0, "scale": 1.0, "bias": 0.0}
exec(SRC, NS)
gain = NS["gain"]


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = gain(x @ W + B)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss, NS["calls"], NS["scale"]


for step in range(32):
    if step == 12:
        NS["scale"] = 1.5
    if step == 20:
        NS["bias"] = 0.125
    i = (step * 8) % 56
    loss, c, s = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), c, repr(s))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "B": [repr(float(v)) for v in B.numpy().ravel()],
                  "calls": NS["calls"], "scale": repr(NS["scale"])}))

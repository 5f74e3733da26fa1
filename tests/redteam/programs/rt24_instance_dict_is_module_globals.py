"""Mechanism: writes keyed by where an attribute lives, when an instance's __dict__ IS the
module's globals dict (`CFG.__dict__ = globals()`).  The step writes `CFG.gain = ...`
(an instance attribute write that lands in the module's globals) and then, in the same
call, a helper reads the plain global `gain`, and the step also does `global decay_calls;
decay_calls += 1` and returns `CFG.decay_calls`.  From step 15 the loop rebinds the global
`gain` from outside.  Eager sees one dict: each read sees the write just made.  A build
that keyed the instance write and the global write to different places (instance vs
module) would read the value from before the call.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(7)
np.random.seed(7)
keras.utils.set_random_seed(7)
rng = np.random.default_rng(7)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = np.tanh(XS @ np.array([[1.0], [-0.5], [0.75]], np.float32)).astype(np.float32)
W = tf.Variable(np.full((3, 1), 0.1, np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)

gain = 1.0
decay_calls = 0


class Config:
    pass


CFG = Config()
CFG.__dict__ = globals()


def scaled(h):
    return h * gain


def train_step(x, y):
    global decay_calls
    CFG.gain = CFG.gain * 0.95
    decay_calls += 1
    with tf.GradientTape() as tape:
        pred = scaled(x @ W)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, gain, CFG.decay_calls


for step in range(30):
    if step == 15:
        gain = 2.0
    i = (step * 8) % 56
    loss, g, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(g), n)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "gain": repr(gain), "decay_calls": decay_calls,
                  "same": CFG.__dict__ is globals()}))

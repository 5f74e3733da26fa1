"""Separate learning rates for weights and biases, passed as two Python float
arguments; when the caller passes the same object for both, the step treats the
rates as tied (`tied = lr_w is lr_b`) and applies one fused update path with a
shared gradient-norm clip, otherwise separate paths.  For 12 steps the caller passes
one object twice; then two equal but distinct floats (parsed from text) on even steps
and one object on odd steps.  Eagerly `is` tells the two cases apart; janus guards
floats by value and must still answer `is` from the caller's objects."""
import random

import numpy

random.seed(92)
numpy.random.seed(92)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4292)
rng = np.random.default_rng(4292)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 2.0 + 1.0).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
B = tf.Variable(np.zeros((1,), np.float32))


class Trainer:
    def __init__(self):
        self.tied_calls = 0

    def step(self, x, y, lr_w, lr_b):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W + B - y))
        gw, gb = tape.gradient(loss, [W, B])
        tied = lr_w is lr_b
        if tied:
            self.tied_calls += 1
            (gw, gb), _ = tf.clip_by_global_norm([gw, gb], 1.0)
            W.assign_sub(lr_w * gw)
            B.assign_sub(lr_w * gb)
        else:
            W.assign_sub(lr_w * gw)
            B.assign_sub(lr_b * gb)
        return loss, tied


tr = Trainer()
TEXT = "0.05"
shared = float(TEXT)
for step in range(30):
    if step < 12 or step % 2 == 1:
        a, b = shared, shared
    else:
        a, b = shared, float(TEXT)
    i = (step * 8) % 88
    loss, tied = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), a, b)
    print(step, repr(float(loss)), tied, tr.tied_calls)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "B": repr(float(B.numpy()[0])), "tied": tr.tied_calls}))

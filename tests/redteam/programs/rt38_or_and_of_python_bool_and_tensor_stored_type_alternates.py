"""Python's `or`/`and` return one of their operands, so mixing a Python bool attribute with
a boolean tensor stores either a bool or an EagerTensor depending on truth: the step does
`self.alarm = self.alarm or spike` (spike = loss > self.thresh, a bool tensor) and
`self.calm = spike and self.calm` (the tensor when spike is false, else the old value), then
prints type names and values and uses `bool(self.alarm)` to pick a loss weight.  The loop
resets self.alarm = False from outside at steps 9 and 18 and lowers self.thresh at step 13.
Probes: values whose Python type (bool vs tensor) depends on a tensor's truth, stored in
attributes and read back next call."""
import random

import numpy

random.seed(421)
numpy.random.seed(421)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3841)
rng = np.random.default_rng(3841)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = (XS[:, :1] * 1.5 + rng.normal(size=(40, 1)).astype(np.float32)).astype(np.float32)


class Trainer:
    def __init__(self):
        self.w = tf.Variable(np.zeros((3, 1), np.float32))
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.alarm = False
        self.calm = True
        self.thresh = 2.5

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
            weight = 0.5 if bool(self.alarm) else 1.0
            scaled = loss * weight
        g = tape.gradient(scaled, self.w)
        self.opt.apply_gradients([(g, self.w)])
        spike = loss > self.thresh
        self.alarm = self.alarm or spike
        self.calm = spike and self.calm
        return loss, weight


TR = Trainer()
for step in range(26):
    if step in (9, 18):
        TR.alarm = False
    elif step == 13:
        TR.thresh = 1.0
    i = (step * 8) % 40
    loss, weight = TR.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), weight, type(TR.alarm).__name__, bool(TR.alarm),
          type(TR.calm).__name__, bool(TR.calm))

print(json.dumps({"w": TR.w.numpy().ravel().tolist(), "alarm": [type(TR.alarm).__name__, bool(TR.alarm)],
                  "calm": [type(TR.calm).__name__, bool(TR.calm)]}))

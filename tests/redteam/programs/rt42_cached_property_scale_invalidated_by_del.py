"""A model wrapper exposes its input normalisation scale as a
`functools.cached_property` computed from its statistics; the step reads
`self.scale` (the first read computes and stores it in the instance __dict__, later
reads find the instance attribute).  At step 12 the loop updates the statistics and
invalidates the cache with `del wrapper.scale`, the documented way; at step 20 it
updates them again but forgets to invalidate (eagerly the stale value stays).  janus
must follow the instance-dict entry cached_property writes and deletes."""
import random

import numpy

random.seed(53)
numpy.random.seed(53)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4253)
rng = np.random.default_rng(4253)
XS = rng.normal(size=(96, 4)).astype(np.float32) * 3.0
YS = (XS[:, :1] * 0.3 + XS[:, 1:2] * 0.1).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))


class Wrapper:
    def __init__(self, std):
        self.std = std
        self.computed = 0

    @functools.cached_property
    def scale(self):
        self.computed += 1
        return 1.0 / self.std

    def step(self, x, y):
        s = self.scale
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square((x * s) @ W - y))
        g = tape.gradient(loss, W)
        W.assign_sub(0.1 * g)
        return loss, s


wr = Wrapper(3.0)
for step in range(30):
    if step == 12:
        wr.std = 2.0
        del wr.scale
    if step == 20:
        wr.std = 1.0
    i = (step * 8) % 88
    loss, s = wr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(s), wr.computed, "scale" in vars(wr))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "computed": wr.computed}))

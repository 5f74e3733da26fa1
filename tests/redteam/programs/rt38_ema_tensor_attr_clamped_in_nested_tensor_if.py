"""A loss-spike monitor in a step: when the loss is above a floor (a branch on a tensor)
it updates an EMA kept as a tensor attribute (self.ema = 0.9*self.ema + 0.1*loss) and a
Python float counter (self.f += 0.5), and then, if the loss is also a spike (a nested
branch on the same tensor), clamps the EMA (self.ema = tf.minimum(self.ema, 0.3)) and
doubles the counter.  The loss values are a fixed per-batch input (no training) so the
nested branch goes both ways early.  Probes: tensor-valued and float-valued attributes
written in an arm and written again in a nested arm that is not taken."""
import random

import numpy

random.seed(408)
numpy.random.seed(408)

import json

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(3828)
VALS = rng.uniform(size=(30,)).astype(np.float32)


class Monitor:
    def __init__(self):
        self.ema = tf.constant(0.0)
        self.f = 0.0

    def observe(self, v):
        with tf.GradientTape() as tape:
            tape.watch(v)
            loss = tf.reduce_sum(v * 1.0)
        if loss > 0.2:
            self.ema = self.ema * 0.9 + loss * 0.1
            self.f = self.f + 0.5
            if loss > 0.6:
                self.ema = tf.minimum(self.ema, 0.3)
                self.f = self.f * 2.0
        return loss


MON = Monitor()
for step in range(len(VALS)):
    loss = MON.observe(tf.constant(VALS[step:step + 1]))
    print(step, repr(float(loss)), repr(float(MON.ema)), repr(MON.f), type(MON.f).__name__)

print(json.dumps({"ema": repr(float(MON.ema)), "f": MON.f}))

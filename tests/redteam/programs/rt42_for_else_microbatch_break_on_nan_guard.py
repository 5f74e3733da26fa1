"""Gradient accumulation over four micro-batches with a `for ... else`: the loop breaks
out when a micro-batch loss exceeds a spike threshold (a tensor decision), and the
`else:` clause, which Python runs only when no `break` happened, applies the
accumulated update and counts a good step; after a break the step counts a skipped
step instead.  Spikes are injected from step 12 on (every third step, a scaled
micro-batch).  janus turns a break on a tensor into loop exits; the for-else must
still run exactly on the no-break path."""
import random

import numpy

random.seed(61)
numpy.random.seed(61)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4261)
rng = np.random.default_rng(4261)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] + 0.5 * XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
ACC = tf.Variable(tf.zeros((4, 1)))


class Trainer:
    def __init__(self):
        self.good = 0
        self.skipped = 0

    def step(self, x, y):
        ACC.assign(tf.zeros_like(ACC))
        for k in range(4):
            xb = x[k * 4:(k + 1) * 4]
            yb = y[k * 4:(k + 1) * 4]
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(xb @ W - yb))
            if loss > 50.0:
                self.skipped += 1
                break
            ACC.assign_add(tape.gradient(loss, W))
        else:
            W.assign_sub(0.05 * ACC / 4.0)
            self.good += 1
        return loss


tr = Trainer()
for step in range(30):
    i = (step * 16) % 112
    x = XS[i:i + 16].copy()
    if step >= 12 and step % 3 == 0:
        x[8:12] *= 40.0
    loss = tr.step(tf.constant(x), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), tr.good, tr.skipped)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "good": tr.good, "skipped": tr.skipped}))

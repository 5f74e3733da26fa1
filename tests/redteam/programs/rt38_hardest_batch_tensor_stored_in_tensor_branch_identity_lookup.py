"""Hard-example bookkeeping: batches are pre-built tensors kept in a list BATCHES (the
loop cycles through them).  The step stores the caller's batch tensor on the trainer when
its loss beats the worst so far (`if loss > self.worst: self.worst = float(loss);
self.hardest = x`, a branch on a tensor).  The loop then finds which batch is hardest by
identity: `[k for k, b in enumerate(BATCHES) if b is TR.hardest]`, and via a dict keyed by
each batch's .ref().  Eagerly self.hardest is one of the caller's tensors.  At step 16 the
loop resets TR.worst to 0.0 so the branch is taken again.  Probes: the identity of a
caller's tensor stored in an attribute inside one arm of a branch on a tensor."""
import random

import numpy

random.seed(423)
numpy.random.seed(423)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3843)
rng = np.random.default_rng(3843)
XS = rng.normal(size=(48, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5]], np.float32) + rng.normal(size=(48, 1)).astype(np.float32) * 0.5).astype(np.float32)
BATCHES = [tf.constant(XS[i:i + 8]) for i in range(0, 48, 8)]
TARGETS = [tf.constant(YS[i:i + 8]) for i in range(0, 48, 8)]
REF_INDEX = {b.ref(): k for k, b in enumerate(BATCHES)}


class Trainer:
    def __init__(self):
        self.w = tf.Variable(np.zeros((3, 1), np.float32))
        self.opt = keras.optimizers.SGD(learning_rate=0.02)
        self.worst = 0.0
        self.hardest = None

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
        g = tape.gradient(loss, self.w)
        self.opt.apply_gradients([(g, self.w)])
        if loss > self.worst:
            self.worst = float(loss)
            self.hardest = x
        return loss


TR = Trainer()
for step in range(30):
    if step == 16:
        TR.worst = 0.0
    k = step % len(BATCHES)
    loss = TR.step(BATCHES[k], TARGETS[k])
    by_is = [j for j, b in enumerate(BATCHES) if b is TR.hardest]
    by_ref = REF_INDEX.get(TR.hardest.ref(), -1) if TR.hardest is not None else None
    print(step, repr(float(loss)), repr(TR.worst), by_is, by_ref, type(TR.hardest).__name__)

print(json.dumps({"w": TR.w.numpy().ravel().tolist(), "worst": TR.worst,
                  "hardest_sum": repr(float(tf.reduce_sum(TR.hardest)))}))

"""The step makes a record whose `weight` property setter clips to [0, LIMIT] (a global)
and records how often it clipped; the records are kept.  LIMIT changes at step 10."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(61)
rng = np.random.default_rng(61)
XS = rng.normal(size=(48, 3)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.05)

LIMIT = 2.0
RECORDS = []


class Record:
    clips = 0

    def __init__(self):
        self._w = 0.0

    @property
    def weight(self):
        return self._w

    @weight.setter
    def weight(self, w):
        if w > LIMIT:
            Record.clips += 1
            w = LIMIT
        self._w = w


def train_step(x, y, k):
    rec = Record()
    rec.weight = 0.5 * k
    with tf.GradientTape() as tape:
        loss = rec.weight * tf.reduce_mean(tf.square(x @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    rec.loss = loss
    RECORDS.append(rec)
    return loss


for step in range(20):
    if step == 10:
        LIMIT = 4.0
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]), step % 7)
    print(step, repr(float(loss)), RECORDS[-1].weight, Record.clips, RECORDS[-1].loss is loss)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

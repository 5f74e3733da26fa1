"""A step makes a record object and sets some fields only under conditions from
globals; later code asks `hasattr(rec, "penalty")` and `getattr(rec, "note", "")`, and
the record is stored.  The globals change at steps 7 and 13; at step 10 the loop adds a
class attribute `note` to the record's class (then every record has one)."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(52)
rng = np.random.default_rng(52)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
opt = keras.optimizers.SGD(0.05)
USE_PENALTY = False
TAG = None
LAST = []


class Record:
    pass


def train_step(x, y):
    rec = Record()
    if USE_PENALTY:
        rec.penalty = 0.01
    if TAG is not None:
        rec.note = TAG
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        if hasattr(rec, "penalty"):
            loss = loss + rec.penalty * tf.reduce_sum(tf.square(W))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    rec.summary = getattr(rec, "note", "") + "/" + str(hasattr(rec, "penalty"))
    LAST.append(rec)
    return loss


for step in range(20):
    if step == 7:
        USE_PENALTY = True
    if step == 10:
        Record.note = "cls"
    if step == 13:
        TAG = "tagged"
    i = (step * 4) % 36
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 5), LAST[-1].summary)

print(json.dumps({"W": [round(float(v), 5) for v in W.numpy().ravel()]}))

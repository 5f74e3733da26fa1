"""The caller passes a learning rate or a NaN sentinel object meaning "keep the current
LR" (`KEEP = float("nan")`); the step tests `lr is KEEP` (NaN never equals itself, so
identity is the only test that works) and otherwise assigns the LR variable.  For 12
steps the caller passes KEEP every other call and 0.05 otherwise; from step 12 it also
passes, on some calls, another NaN parsed from a config (`float("nan")`, not the
sentinel), which eagerly is assigned as the LR and turns the loss NaN, after which the
caller restores the weights from a backup.  janus guards floats by type and exact value;
a NaN guard and the `is` test must follow eager."""
import random

import numpy

random.seed(183)
numpy.random.seed(183)

import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4383)
rng = np.random.default_rng(4383)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 2:3] + 0.5).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
LR = tf.Variable(0.1)
KEEP = float("nan")


def train_step(x, y, lr):
    kept = lr is KEEP
    if not kept:
        LR.assign(lr)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(LR * tape.gradient(loss, W))
    return loss, kept


backup = W.numpy()
for step in range(30):
    if step % 2 == 0:
        lr = KEEP
    elif step >= 12 and step % 4 == 1:
        lr = float("nan")
    else:
        lr = 0.05
    i = (step * 8) % 88
    loss, kept = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), lr)
    bad = math.isnan(float(loss)) or bool(np.isnan(W.numpy()).any())
    if bad:
        W.assign(backup)
        LR.assign(0.05)
    else:
        backup = W.numpy()
    print(step, repr(float(loss)), kept, bad, repr(float(LR.numpy())))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

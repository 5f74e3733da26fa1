"""The step counts with setattr/getattr on a tracker object (the names constants), and
stores its loss with setattr; the counter's start changes at step 9 from outside."""
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


class Tracker:
    pass


TR = Tracker()
TR.steps = 0
TR.seen = 0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    setattr(TR, "steps", getattr(TR, "steps") + 1)
    setattr(TR, "seen", TR.seen + int(tf.shape(x)[0]))
    setattr(TR, "last", loss)
    return loss


for step in range(20):
    if step == 9:
        TR.steps = 100
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), TR.steps, TR.seen, TR.last is loss)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

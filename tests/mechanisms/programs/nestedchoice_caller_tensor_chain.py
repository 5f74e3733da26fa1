"""`xs = hard if cur > HI else (easy if cur > LO else x)` of the caller's tensors, stored
and returned: the caller asks which of its tensors came back.  The bounds move at step 9
so that every arm runs after the step converted."""
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

BOUNDS = [5.0, 4.0]


class Miner:
    last = None


M = Miner()


def train_step(x, y, hard, easy):
    cur = tf.reduce_mean(tf.square(x @ W - y))
    xs = hard if cur > BOUNDS[0] else (easy if cur > BOUNDS[1] else x)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xs @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    M.last = xs
    return loss, xs


hard = tf.constant(XS[40:44])
easy = tf.constant(XS[36:40])
for step in range(20):
    if step == 9:
        BOUNDS = [1.2, 0.6]
    i = (step * 4) % 32
    x = tf.constant(XS[i:i + 4])
    loss, xs = train_step(x, tf.constant(YS[i:i + 4]), hard, easy)
    print(step, repr(float(loss)), [M.last is x, M.last is hard, M.last is easy, xs is M.last])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

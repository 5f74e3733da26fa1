"""A gradient scaler of the program's own class multiplies the gradients from the left
(`SCALER * g`, its `__mul__`) in a raw-variable step.  Mid-run the loop changes the
scaler's factor, gives its class another `__mul__`, and then puts a new scaler in
the global."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(11)


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def __mul__(self, g):
        return g * self.factor


def clipped_mul(self, g):
    return tf.clip_by_value(g * self.factor, -0.05, 0.05)


rng = np.random.default_rng(11)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
B = tf.Variable(np.zeros((1,), np.float32))
SCALER = Scaler(1.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    gw = SCALER * gw
    W.assign_sub(0.1 * gw)
    B.assign_sub(0.1 * gb)
    return loss


for step in range(24):
    if step == 7:
        SCALER.factor = 0.25
    if step == 13:
        Scaler.__mul__ = clipped_mul
    if step == 19:
        SCALER = Scaler(0.5)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), SCALER.factor)
print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()]}))

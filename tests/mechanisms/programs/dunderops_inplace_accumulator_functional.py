"""A functional Keras model's step adds its loss to the program's running-total object
with `TOTAL += loss_value`, where the class's `__iadd__` accumulates in place and
returns the object.  Mid-run the loop replaces `__iadd__`, then deletes it so that `+=`
falls back to the class's `__add__`, which returns a new total (the global is rebound)."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(13)


class Total:
    def __init__(self):
        self.sum = 0.0
        self.n = 0

    def __iadd__(self, value):
        self.sum = self.sum + value
        self.n += 1
        return self

    def __add__(self, value):
        fresh = Total()
        fresh.sum = self.sum + 2.0 * value
        fresh.n = self.n + 1
        return fresh


def decayed_iadd(self, value):
    self.sum = 0.5 * self.sum + value
    self.n += 1
    return self


rng = np.random.default_rng(13)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2]).astype(np.float32)
inp = tf.keras.Input((3,))
MODEL = tf.keras.Model(inp, tf.keras.layers.Dense(1)(tf.keras.layers.Dense(5, activation="relu")(inp)))
OPT = tf.keras.optimizers.Adam(0.02)
TOTAL = Total()


def train_step(x, y):
    global TOTAL
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    TOTAL += loss
    return loss


for step in range(24):
    if step == 7:
        Total.__iadd__ = decayed_iadd
    if step == 14:
        del Total.__iadd__
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(TOTAL.sum)), TOTAL.n)
print(json.dumps({"sum": repr(float(TOTAL.sum)), "n": TOTAL.n}))

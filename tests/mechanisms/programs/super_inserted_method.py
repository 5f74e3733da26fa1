"""A three-class chain: the step's `super().penalty()` in Top finds Base.penalty through
Mid, which defines none.  Part-way the program gives Mid a penalty of its own, and
later deletes it again.  Eager finds Mid's while it exists; a graph that guarded only
the class it found (Base) would keep Base's."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(32)
rng = np.random.default_rng(32)
XS = rng.normal(size=(30, 16, 4)).astype(np.float32)
YS = rng.normal(size=(30, 16, 1)).astype(np.float32)


class Base:
    scale = 0.01

    def penalty(self):
        return self.scale * tf.reduce_sum(tf.square(self.w))


class Mid(Base):
    pass


class Top(Mid):
    def __init__(self):
        self.w = tf.Variable(np.ones((4, 1), np.float32) * 0.1)

    def penalty(self):
        return super().penalty() + 0.0

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y)) + self.penalty()
        self.w.assign_sub(0.05 * tape.gradient(loss, self.w))
        return loss


def mid_penalty(self):
    return 0.5 * tf.reduce_sum(tf.abs(self.w))


model = Top()
for step in range(30):
    if step == 10:
        Mid.penalty = mid_penalty
    if step == 20:
        del Mid.penalty
        Base.scale = 0.05
    loss = model.train_step(XS[step], YS[step])
    if step % 5 == 0:
        print(step, float(loss))

print(json.dumps({"w": model.w.numpy().ravel().tolist()}))

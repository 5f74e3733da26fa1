"""The step scales its learning rate when `issubclass(type(schedule), Decaying)`.
Part-way the program registers the schedule's class with the abstract base class.
Eager's answer changes at that call; a graph that answered once keeps the old one."""
import abc
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(55)
rng = np.random.default_rng(55)
XS = rng.normal(size=(24, 16, 4)).astype(np.float32)
YS = rng.normal(size=(24, 16, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))


class Decaying(abc.ABC):
    pass


class Constant:
    lr = 0.1


schedule = Constant()


def train_step(x, y):
    lr = schedule.lr
    if issubclass(type(schedule), Decaying):
        lr = lr * 0.5
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(lr * tape.gradient(loss, W))
    return loss


for step in range(24):
    if step == 12:
        Decaying.register(Constant)
    loss = train_step(XS[step], YS[step])
    if step % 4 == 0:
        print(step, float(loss))

print(json.dumps({"w": W.numpy().ravel().tolist()}))

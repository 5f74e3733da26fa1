"""A training config object read with `getattr(CFG, "bonus", 0.0)`: no class holds
`bonus` at first.  Mid-run the loop gives the config's class a base that holds one
(`Cfg.__bases__ = (WithBonus,)`), then another, then takes it away again: no class
dict is written."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(9)


class Base:
    pass


class WithBonus:
    bonus = 0.5


class BigBonus:
    bonus = 2.0


class Cfg(Base):
    lr = 0.05


rng = np.random.default_rng(32)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.0], [-1.0]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
CFG = Cfg()


def train_step(x, y):
    bonus = getattr(CFG, "bonus", 0.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + bonus)
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(CFG.lr * g)
    return loss, bonus


for step in range(24):
    if step == 6:
        Cfg.__bases__ = (WithBonus,)
    if step == 12:
        Cfg.__bases__ = (BigBonus,)
    if step == 18:
        Cfg.__bases__ = (Base,)
    i = (step * 8) % 56
    loss, bonus = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), bonus)
print(json.dumps({"w": W.numpy().ravel().tolist()}))

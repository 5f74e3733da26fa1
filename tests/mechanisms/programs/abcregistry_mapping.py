"""The step reads its options through `cfg["lr"]` when `isinstance(cfg,
collections.abc.Mapping)`, else through `cfg.lr`.  Part-way the program registers the
options class with collections.abc.Mapping (it has both forms).  Eager takes the
mapping path from then on; a graph that answered isinstance once keeps the attribute."""
import collections.abc
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(56)
rng = np.random.default_rng(56)
XS = rng.normal(size=(24, 16, 4)).astype(np.float32)
YS = rng.normal(size=(24, 16, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))


class Options:
    lr = 0.05

    def __getitem__(self, key):
        return 0.2 if key == "lr" else None


cfg = Options()


def train_step(x, y):
    lr = cfg["lr"] if isinstance(cfg, collections.abc.Mapping) else cfg.lr
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(lr * tape.gradient(loss, W))
    return loss


for step in range(24):
    if step == 12:
        collections.abc.Mapping.register(Options)
    loss = train_step(XS[step], YS[step])
    if step % 4 == 0:
        print(step, float(loss))

print(json.dumps({"w": W.numpy().ravel().tolist()}))

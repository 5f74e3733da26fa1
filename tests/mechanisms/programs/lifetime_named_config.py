"""The step reads its learning rate from a config object of the program's (`cfg.lr`) and
trains a Keras layer.  Part-way, the loop replaces the config (`cfg = Config(...)`); a
weakref.finalize on each config records when it dies.  Eager frees the old config when
the name is rebound.  A build that keeps the objects it read attributes of in a
reference cycle (the watch on the layer's dict held them) frees it only at the next
cyclic collection, and the loop prints a different list."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7)
rng = np.random.default_rng(7)
XS = rng.normal(size=(24, 16, 4)).astype(np.float32)
YS = rng.normal(size=(24, 16, 2)).astype(np.float32)
FREED = []


class Config:
    def __init__(self, lr):
        self.lr = lr


def fresh_config(lr):
    config = Config(lr)
    weakref.finalize(config, FREED.append, lr)
    return config


layer = keras.layers.Dense(2)
layer.build((None, 4))
cfg = fresh_config(0.1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(layer(x) - y))
    grads = tape.gradient(loss, layer.trainable_variables)
    for g, v in zip(grads, layer.trainable_variables):
        v.assign_sub(cfg.lr * g)
    return loss


for step in range(24):
    if step in (8, 16):
        cfg = fresh_config(cfg.lr / 2)
        print("step", step, "freed", FREED)
    loss = train_step(XS[step], YS[step])

print(json.dumps({"loss": float(loss), "freed": FREED,
                  "kernel": [round(float(v), 6) for v in layer.kernel.numpy().ravel()]}))

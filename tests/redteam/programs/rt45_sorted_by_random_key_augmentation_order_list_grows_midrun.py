"""Random augmentation order drawn the quick-and-dirty way: `sorted(AUGS, key=lambda _:
random.random())` (one Python draw per item), then the first two augmentations of that
order are applied to the batch (scale, shift, negate, clip) before the forward pass.
The order is returned and the chosen names logged.  At step 12 the loop appends a new
augmentation name to AUGS (one more draw per call from then on).  Probes: Python
random draws made by a key function inside sorted() in the step, whose values decide
the order (and so which ops run) and how many draws each call makes."""
import random

import numpy

random.seed(4512)
numpy.random.seed(4512)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4512)
rng = np.random.default_rng(4512)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 1:2]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
AUGS = ["scale", "shift", "negate"]
LOG = []


def augment(x, name):
    if name == "scale":
        return x * 1.1
    if name == "shift":
        return x + 0.05
    if name == "negate":
        return -x
    return tf.clip_by_value(x, -1.5, 1.5)


def train_step(x, y):
    order = sorted(AUGS, key=lambda _: random.random())
    for name in order[:2]:
        x = augment(x, name)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    LOG.append("+".join(order[:2]))
    return loss, order


for step in range(26):
    if step == 12:
        AUGS.append("clip")
    i = (step * 8) % 72
    loss, order = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), order, LOG[-1])

print(json.dumps({"state": repr(random.random()), "log": LOG[-5:],
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:4]]}))

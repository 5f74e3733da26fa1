"""Layers that hand their input back unchanged, called as their own sites between an
encoder site and a head site under the tape: a Dropout layer called directly with
training=FLAG (it returns its input as is when FLAG is False), an
Activation("linear") and a keras.layers.Identity.  The co-executed step
(zlib.crc32 of the batch) records whether each output `is` its input, and the
encoder's gradient flows through all three.  Dropout is on until step 10, off from
10 to 20, on again after.  Probes: a site whose output is its input tensor: the
object handed back and the tape's path through it."""
import random

import numpy

random.seed(75)
numpy.random.seed(75)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7501)
rng = np.random.default_rng(7501)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] > 0).astype(np.float32)

enc = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu")])
drop = keras.layers.Dropout(0.25, seed=9)
lin = keras.layers.Activation("linear")
ident = keras.layers.Identity()
head = keras.Sequential([keras.Input((8,)), keras.layers.Dense(1)])
bce = keras.losses.BinaryCrossentropy(from_logits=True)
opt = keras.optimizers.Adam(0.02)
crcs = []


def train_step(x, y, flag):
    crcs.append(zlib.crc32(x.tobytes()) % 321)
    with tf.GradientTape() as tape:
        h = enc(x)
        h1 = drop(h, training=flag)
        h2 = lin(h1)
        h3 = ident(h2)
        loss = bce(y, head(h3))
    same = (h1 is h, h2 is h1, h3 is h2)
    tv = enc.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    return loss, same, float(tf.reduce_sum(tf.abs(grads[0])))


for step in range(30):
    flag = not (10 <= step < 20)
    i = (step * 8) % 56
    loss, same, g0 = train_step(XS[i:i + 8], YS[i:i + 8], flag)
    print(step, flag, repr(float(loss)), same, repr(g0))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in enc.trainable_variables + head.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))

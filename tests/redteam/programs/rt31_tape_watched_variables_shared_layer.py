"""Debug logging of which variables a co-executed step's tape watched: the model is
a functional graph whose shared Dense (created last) is called first and twice, and
whose branch order differs from creation order.  The step (zlib.crc32 of the
inputs) prints [v.name for v in tape.watched_variables()] and the metric is called
inside the tape.  At step 12 the loop freezes one branch (trainable=False), at 20
unfreezes it.  Probes: the record a model site gives the program's tape (order and
set of watched variables), with metric and loss sites under the tape."""
import random

import numpy

random.seed(42)
numpy.random.seed(42)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4201)
rng = np.random.default_rng(4201)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] > 0).astype(np.float32)

branch_a = keras.layers.Dense(4, activation="relu", name="branch_a")
branch_b = keras.layers.Dense(4, activation="tanh", name="branch_b")
shared = keras.layers.Dense(4, name="shared")
out = keras.layers.Dense(1, name="out")
inp = keras.Input((4,))
s1 = shared(inp)
s2 = shared(s1)
merged = keras.layers.Concatenate()([branch_b(s2), branch_a(s1)])
model = keras.Model(inp, out(merged))
bce = keras.losses.BinaryCrossentropy(from_logits=True)
acc = keras.metrics.BinaryAccuracy(threshold=0.0)
opt = keras.optimizers.Adam(0.02)
crcs = []


def train_step(x, y):
    crcs.append(zlib.crc32(x.tobytes()) % 999)
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = bce(y, logits)
        acc(y, logits)
    names = [v.name for v in tape.watched_variables()]
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, names


for step in range(30):
    if step == 12:
        branch_b.trainable = False
    if step == 20:
        branch_b.trainable = True
    i = (step * 8) % 56
    loss, names = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), repr(float(acc.result())), names)

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "acc": [v.numpy().tolist() for v in acc.variables], "crcs": crcs[-3:],
}))

"""Classifier whose last Dense has activation="softmax"; the co-executed step
(zlib.crc32 of the predicted labels in numpy) calls the model, then a
CategoricalCrossentropy(from_logits=False) loss object and a CategoricalAccuracy
metric on the probabilities.  In eager Keras hangs the pre-softmax logits on the
model's output tensor and the loss computes from them.  The data has confident
examples so that the two computations round differently.  At step 12 the loop
switches the loss to a sigmoid-output BCE head.  Probes: attributes Keras hangs on
a model site's outputs that a later loss site reads."""
import random

import numpy

random.seed(46)
numpy.random.seed(46)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4601)
rng = np.random.default_rng(4601)
XS = (rng.normal(size=(64, 6)) * 4.0).astype(np.float32)
LAB = np.argmax(XS[:, :4], axis=1)
YS = np.eye(4, dtype=np.float32)[LAB]
YB = (LAB % 2).astype(np.float32)[:, None]

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(16, activation="relu"),
                          keras.layers.Dense(4, activation="softmax")])
head = keras.Sequential([keras.Input((6,)), keras.layers.Dense(1, activation="sigmoid")])
cce = keras.losses.CategoricalCrossentropy()
bce = keras.losses.BinaryCrossentropy()
acc = keras.metrics.CategoricalAccuracy()
opt = keras.optimizers.Adam(0.05)
opt2 = keras.optimizers.Adam(0.05)
crcs = []


def train_step(x, y, yb, use_head):
    with tf.GradientTape(persistent=True) as tape:
        probs = model(x, training=True)
        loss = cce(y, probs)
        hp = head(x)
        hloss = bce(yb, hp)
    crcs.append(zlib.crc32(np.argmax(probs.numpy(), axis=1).astype(np.int64).tobytes()) % 1000)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    if use_head:
        hg = tape.gradient(hloss, head.trainable_variables)
        opt2.apply_gradients(zip(hg, head.trainable_variables))
    acc(y, probs)
    return loss, hloss, hasattr(probs, "_keras_logits")


for step in range(30):
    i = (step * 8) % 56
    loss, hloss, has = train_step(XS[i:i + 8], YS[i:i + 8], YB[i:i + 8], step >= 12)
    print(step, repr(float(loss)), repr(float(hloss)), has, repr(float(acc.result())))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables + head.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables + opt2.variables],
    "crcs": crcs[-3:],
}))

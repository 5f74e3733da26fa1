"""Ordinary fine-tuning: a functional Keras classifier (a two-layer 'backbone' with an L2
kernel regularizer, and a softmax head) on synthetic 3-class data.  The first 10 steps
train the head only (backbone.trainable = False), then the script unfreezes the backbone
and drops the learning rate with opt.learning_rate.assign(...) (step 10), and at step 20
resets the accuracy metric for a second 'epoch'.  The custom train_step uses GradientTape,
SparseCategoricalCrossentropy, sum(model.losses) and a SparseCategoricalAccuracy metric.
Probes: an ordinary fine-tuning loop with a freeze/unfreeze and an LR drop."""
import random

import numpy

random.seed(402)
numpy.random.seed(402)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3822)
rng = np.random.default_rng(3822)
N = 240
XS = rng.normal(size=(N, 8)).astype(np.float32)
CENTERS = rng.normal(size=(3, 8)).astype(np.float32) * 1.5
YS = np.argmin(((XS[:, None, :] - CENTERS[None]) ** 2).sum(-1), axis=1).astype(np.int32)

inp = keras.Input((8,))
backbone = keras.Sequential([
    keras.layers.Dense(16, activation="relu", kernel_regularizer=keras.regularizers.L2(1e-3)),
    keras.layers.Dense(16, activation="relu", kernel_regularizer=keras.regularizers.L2(1e-3)),
], name="backbone")
head = keras.layers.Dense(3, activation="softmax", name="head")
model = keras.Model(inp, head(backbone(inp)))
loss_fn = keras.losses.SparseCategoricalCrossentropy()
opt = keras.optimizers.Adam(learning_rate=1e-2)
acc = keras.metrics.SparseCategoricalAccuracy()
opt.build(model.trainable_variables)
backbone.trainable = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        probs = model(x, training=True)
        loss = loss_fn(y, probs)
        if model.losses:
            loss = loss + tf.add_n(model.losses)
    tv = model.trainable_variables
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    acc.update_state(y, probs)
    return loss, len(tv)


BATCH = 24
for step in range(30):
    if step == 10:
        backbone.trainable = True
        opt.learning_rate.assign(3e-3)
    elif step == 20:
        acc.reset_state()
    i = (step * BATCH) % N
    loss, ntv = train_step(tf.constant(XS[i:i + BATCH]), tf.constant(YS[i:i + BATCH]))
    print(step, repr(float(loss)), repr(float(acc.result())), ntv, repr(float(opt.learning_rate)))

print(json.dumps({
    "weights": [w.numpy().ravel()[:6].tolist() for w in model.weights],
    "opt_vars": [v.numpy().ravel()[:3].tolist() for v in opt.variables],
    "acc": repr(float(acc.result())), "iterations": int(opt.iterations),
}))

"""Data pruning by per-example gradient norm (GraNd-style): each step computes the
per-example Keras BinaryCrossentropy(from_logits=True, reduction=None) losses, their
gradients with tape.jacobian (pfor, which eager runs as a tf.function of its own),
each example's gradient norm, and trains only on the KEEP examples with the largest
norms (tf.math.top_k).  KEEP changes from 6 to 4 at step 12;
the kept indices are collected in a Python list.  Probes: per-example jacobians
through Keras' logistic loss under a converted step, bit for bit, and the Python
index taken from them."""
import random

import numpy

random.seed(70)
numpy.random.seed(70)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7001)
rng = np.random.default_rng(7001)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = ((XS[:, :1] * XS[:, 1:2]) > 0).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.2)
bce = keras.losses.BinaryCrossentropy(from_logits=True, reduction=None)
KEEP = 6
kept = []


def train_step(x, y):
    tv = model.trainable_variables
    with tf.GradientTape(persistent=True) as tape:
        per = bce(y, model(x))
        loss_all = tf.reduce_mean(per)
    jac = tape.jacobian(per, tv)
    norms = tf.sqrt(tf.add_n([tf.reduce_sum(tf.square(tf.reshape(j, [8, -1])), axis=1) for j in jac]))
    idx = tf.math.top_k(norms, KEEP).indices
    kept.append(int(idx[0]))
    w = tf.reduce_sum(tf.one_hot(idx, 8), axis=0)
    g = [tf.tensordot(w, j, axes=1) / KEEP for j in jac]
    del tape
    OPT.apply_gradients(zip(g, tv))
    return loss_all, norms


for step in range(30):
    if step == 12:
        KEEP = 4
    i = (step * 8) % 56
    loss, norms = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(tf.reduce_sum(norms))), kept[-1],
          repr(float(model.layers[0].bias.numpy()[0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "b0": [repr(float(v)) for v in model.layers[0].bias.numpy().ravel()],
    "b1": [repr(float(v)) for v in model.layers[1].bias.numpy().ravel()],
    "kept": kept,
}))

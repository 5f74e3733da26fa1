"""Control for the pfor family: the DP-SGD step of rt30_dpsgd_per_example_jacobian_clip_noise
with tape.jacobian(..., experimental_use_pfor=False), which eager runs as a while loop of
plain eager ops (no tf.function).  Per-example sigmoid cross-entropy gradients clipped to
CLIP, seeded Gaussian noise, SGD; CLIP changes at step 10, NOISE at 18.  Probes: the
while-loop Jacobian under a converted step, bit for bit."""
import math
import random

import numpy

random.seed(62)
numpy.random.seed(62)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6201)
rng = np.random.default_rng(6201)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 4:5] > 0).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
CLIP = 1.0
NOISE = 0.5
acct = {"eps": 0.0}


def train_step(x, y):
    tv = model.trainable_variables
    with tf.GradientTape(persistent=True) as tape:
        logits = model(x)
        per_ex = tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits)[:, 0]
    jac = tape.jacobian(per_ex, tv, experimental_use_pfor=False)
    n = per_ex.shape[0]
    flat = tf.concat([tf.reshape(j, [n, -1]) for j in jac], axis=1)
    norms = tf.norm(flat, axis=1)
    scale = tf.minimum(1.0, CLIP / (norms + 1e-12))
    grads = []
    for j, v in zip(jac, tv):
        s = tf.reshape(scale, [n] + [1] * len(v.shape))
        g = tf.reduce_sum(j * s, axis=0)
        g = g + tf.random.normal(v.shape, stddev=NOISE * CLIP)
        grads.append(g / n)
    OPT.apply_gradients(zip(grads, tv))
    acct["eps"] += math.sqrt(2.0 * math.log(1.25 / 1e-5)) / (NOISE * 100.0)
    return tf.reduce_mean(per_ex), tf.reduce_max(norms)


for step in range(30):
    if step == 10:
        CLIP = 0.3
    if step == 18:
        NOISE = 1.1
    i = (step * 8) % 56
    loss, mx = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(mx)), repr(acct["eps"]),
          repr(float(model.layers[0].bias.numpy()[1])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()],
    "b0": [repr(float(v)) for v in model.layers[0].bias.numpy().ravel()],
    "b1": [repr(float(v)) for v in model.layers[1].bias.numpy().ravel()],
    "eps": repr(acct["eps"]), "after": repr(float(tf.random.uniform([]))),
}))

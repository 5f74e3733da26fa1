"""Per-step augmentation noise from a tf.random.Generator the step makes itself from
a Python seed: g = tf.random.Generator.from_seed(SEED_BASE + counter), then two draws
(normal jitter and a uniform mask).  The program stores the generator of each step in
a list (the last three kept) and at step 12 draws from a stored one itself; SEED_BASE
changes at step 16.  Probes: stateful RNG objects made inside a converted step, their
state after the call, and their identity across calls."""
import random

import numpy

random.seed(48)
numpy.random.seed(48)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4801)
rng = np.random.default_rng(4801)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS[:, :1] - XS[:, 2:3]).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
SEED_BASE = 100
kept = []
counter = [0]


def train_step(x, y):
    g = tf.random.Generator.from_seed(SEED_BASE + counter[0])
    counter[0] += 1
    jitter = g.normal(tf.shape(x), stddev=0.1)
    keep = tf.cast(g.uniform(tf.shape(x)) > 0.1, tf.float32)
    kept.append(g)
    del kept[:-3]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model((x + jitter) * keep) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 16:
        SEED_BASE = 500
    extra = ""
    if step == 12:
        extra = repr(float(kept[0].normal([]) ))
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [int(v) for v in kept[-1].state.numpy()], extra)

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "states": [[int(v) for v in g.state.numpy()] for g in kept],
    "distinct": len({id(g) for g in kept}), "counter": counter,
}))

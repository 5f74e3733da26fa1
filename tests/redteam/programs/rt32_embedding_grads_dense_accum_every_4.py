"""Gradient accumulation: each step computes an Embedding model's grads, converts the
embedding's IndexedSlices with tf.convert_to_tensor (dense) and adds them into a Python
list of accumulators kept across steps; every 4th step (every 3rd from step 8) it applies
the mean with RMSprop and resets the list to None.  Ids contain duplicates and padding 0.
Probes: convert_to_tensor of IndexedSlices, Python-list accumulators across calls,
apply cadence changing mid-run."""
import random

import numpy

random.seed(3)
numpy.random.seed(3)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(303)
rng = np.random.default_rng(303)
IDS = rng.integers(0, 12, size=(128, 5)).astype(np.int32)
YS = rng.normal(size=(128, 1)).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,), dtype="int32"), keras.layers.Embedding(12, 4),
                          keras.layers.Flatten(), keras.layers.Dense(1)])
OPT = keras.optimizers.RMSprop(learning_rate=0.01)
ACC = [None]
COUNT = [0]
EVERY = 4


def train_step(ids, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(ids) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    dense = [tf.convert_to_tensor(g) for g in grads]
    if ACC[0] is None:
        ACC[0] = dense
    else:
        ACC[0] = [a + d for a, d in zip(ACC[0], dense)]
    COUNT[0] += 1
    applied = False
    if COUNT[0] % EVERY == 0:
        OPT.apply_gradients(zip([a / EVERY for a in ACC[0]], MODEL.trainable_variables))
        ACC[0] = None
        applied = True
    return loss, applied


for step in range(30):
    if step == 8:
        EVERY = 3
    i = (step * 8) % 120
    loss, applied = train_step(tf.constant(IDS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), applied, ACC[0] is None)

print(json.dumps({
    "w": [[repr(float(x)) for x in v.numpy().ravel()[:12]] for v in MODEL.trainable_variables],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "count": COUNT[0],
    "acc": None if ACC[0] is None else [repr(float(tf.reduce_sum(a))) for a in ACC[0]],
}))

"""Two hot functions pull from one shared tf.data iterator: `train_step()` (a
GradientTape step, `next(SHARED)`) and `probe()` (no tape, hot by its TF ops, also
`next(SHARED)`), called in a pattern the loop decides (probe after every train step
whose index is divisible by 2 or 3).  The dataset is a zip of two datasets (features
with ids, and a label dataset mapped from the same ids), repeated, with a batch of 5.
Each function logs the ids it saw into its own Python list.  Probes: one iterator's
position shared by two converted functions, the interleaving of the items they get,
their Python logs and the weights."""
import random

import numpy

random.seed(56)
numpy.random.seed(56)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5607)
rng = np.random.default_rng(5607)
N = 60
XS = rng.normal(size=(N, 4)).astype(np.float32)
TARGET = (XS[:, 0] - XS[:, 1] * 0.5 + XS[:, 3] * 0.25).astype(np.float32)

feats = tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int32), XS))
labels = tf.data.Dataset.from_tensor_slices(TARGET).map(lambda t: tf.reshape(t, (1,)))
SHARED = iter(tf.data.Dataset.zip((feats, labels)).repeat().batch(5))

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
TRAIN_IDS = []
PROBE_IDS = []


def train_step():
    (ids, x), y = next(SHARED)
    TRAIN_IDS.append(int(ids[0]))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


def probe():
    (ids, x), y = next(SHARED)
    PROBE_IDS.append(int(ids[-1]))
    err = tf.reduce_mean(tf.abs(MODEL(x) - y))
    return err


for step in range(36):
    loss = train_step()
    line = [step, repr(float(loss)), TRAIN_IDS[-1]]
    if step % 2 == 0 or step % 3 == 0:
        err = probe()
        line += ["probe", repr(float(err)), PROBE_IDS[-1]]
    print(*line)

print(json.dumps({
    "train_ids": TRAIN_IDS,
    "probe_ids": PROBE_IDS,
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()],
}))

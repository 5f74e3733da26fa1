"""A bucketised-feature model: a program subclass of keras.layers.Discretization
("Bucketizer", adding `describe()` and `move_boundary()`) turns one raw feature into
bucket ids, an Embedding looks them up, and a Dense head regresses the target together
with the other features.  Keras' Discretization.call digitises against
`self.bin_boundaries` (a Keras TrackedList) natively inside the step.  The loop moves
boundaries in place, never rebinding the list: `move_boundary(1, 0.4)` at step 9,
`BUCKETS.bin_boundaries[0] = -1.5` at step 18, and a slice assignment of all three at
step 27.  Each step prints the loss, the boundaries and the bucket counts of the batch.
Probes: a Keras-tracked list of plain numbers held by the program's own subclass of a
Keras preprocessing layer, edited in place between converted steps and read inside the
step only by library code."""
import random

import numpy

random.seed(5929)
numpy.random.seed(5929)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5929)
rng = np.random.default_rng(5929)
RAW = rng.normal(size=(220, 1)).astype(np.float32)
OTHER = rng.normal(size=(220, 3)).astype(np.float32)
YS = (np.where(RAW > 0.3, 1.0, -0.5) + 0.3 * OTHER[:, :1] - 0.2 * OTHER[:, 2:3]).astype(np.float32)


class Bucketizer(keras.layers.Discretization):
    def move_boundary(self, index, value):
        self.bin_boundaries[index] = value

    def describe(self):
        return "/".join(f"{b:g}" for b in self.bin_boundaries)


BUCKETS = Bucketizer(bin_boundaries=[-1.0, 0.0, 1.0])
EMBED = keras.layers.Embedding(4, 3)
HEAD = keras.layers.Dense(1)
HEAD.build((None, 6))
EMBED.build((None,))
PARAMS = EMBED.trainable_variables + HEAD.trainable_variables
OPT = keras.optimizers.Adam(learning_rate=2e-2)


def train_step(raw, other, y):
    ids = BUCKETS(raw)[:, 0]
    with tf.GradientTape() as tape:
        feats = tf.concat([EMBED(ids), other], axis=1)
        loss = tf.reduce_mean(tf.square(HEAD(feats) - y))
    grads = tape.gradient(loss, PARAMS)
    OPT.apply_gradients(zip(grads, PARAMS))
    return loss, tf.math.bincount(ids, minlength=4)


for step in range(34):
    if step == 9:
        BUCKETS.move_boundary(1, 0.4)
    if step == 18:
        BUCKETS.bin_boundaries[0] = -1.5
    if step == 27:
        BUCKETS.bin_boundaries[:] = [-0.5, 0.3, 0.9]
    i = (step * 20) % 200
    loss, counts = train_step(tf.constant(RAW[i:i + 20]), tf.constant(OTHER[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), BUCKETS.describe(), counts.numpy().tolist())

print(json.dumps({
    "emb": [repr(float(v)) for v in EMBED.embeddings.numpy().ravel()],
    "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()],
}))

"""The step asks an IntegerLookup layer for vocabulary_size() and
records it.  Keras' IndexLookup.vocabulary_size() returns a Python int
`if tf.executing_eagerly()` and a tensor otherwise; the step prints it, checks
isinstance(n, int) and returns it.  Probes: Keras methods that answer
differently when called while a graph is built."""
import random

import numpy

random.seed(343)
numpy.random.seed(343)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3404)
rng = np.random.default_rng(3404)
IDS = rng.integers(0, 12, size=(120, 4)).astype(np.int64)
YS = (IDS.sum(axis=1, keepdims=True) % 3 == 0).astype(np.float32)
LOOKUP = keras.layers.IntegerLookup(vocabulary=[1, 2, 3, 5, 8], output_mode="multi_hot")
MODEL = keras.Sequential([keras.layers.Input((6,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
BCE = keras.losses.BinaryCrossentropy(from_logits=True)
SEEN = []


def train_step(ids, y):
    n = LOOKUP.vocabulary_size()
    SEEN.append((type(n).__name__, isinstance(n, int)))
    feats = LOOKUP(ids)
    with tf.GradientTape() as tape:
        loss = BCE(y, MODEL(feats))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, n


for step in range(32):
    i = (step * 8) % 112
    loss, n = train_step(tf.constant(IDS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), n)

print("seen", sorted(set(SEEN)), len(SEEN))
for v in MODEL.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())

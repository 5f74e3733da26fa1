"""An Embedding with embeddings_constraint=MaxNorm(0.6) trained with Adam on
IndexedSlices grads; Keras applies the constraint to the whole table after each update.
Ids have duplicates, and from step 8 a new range of ids (never seen before) enters.
Prints loss and the maximum row norm.  Probes: constraints after sparse updates in a
converted step."""
import random

import numpy

random.seed(31)
numpy.random.seed(31)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3131)
rng = np.random.default_rng(3131)
EMB = keras.layers.Embedding(20, 4, embeddings_constraint=keras.constraints.MaxNorm(0.6),
                             embeddings_initializer=keras.initializers.RandomNormal(stddev=0.8))
HEAD = keras.layers.Dense(1)
EMB.build((None, 3))
HEAD.build((None, 4))
OPT = keras.optimizers.Adam(learning_rate=0.05)
HI = 10


def train_step(ids, y):
    with tf.GradientTape() as tape:
        p = HEAD(tf.reduce_sum(EMB(ids), 1))
        loss = tf.reduce_mean(tf.square(p - y))
    vs = EMB.trainable_variables + HEAD.trainable_variables
    OPT.apply_gradients(zip(tape.gradient(loss, vs), vs))
    return loss, tf.reduce_max(tf.norm(EMB.embeddings, axis=1))


for step in range(30):
    if step == 8:
        HI = 20
    ids = rng.integers(0, HI, size=(6, 3)).astype(np.int32)
    ids[:, 2] = ids[:, 0]
    y = rng.normal(size=(6, 1)).astype(np.float32)
    loss, mx = train_step(tf.constant(ids), tf.constant(y))
    print(step, repr(float(loss)), repr(float(mx)))

print(json.dumps({
    "emb": [repr(float(v)) for v in EMB.embeddings.numpy().ravel()],
    "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
}))

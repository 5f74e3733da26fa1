"""A bag-of-words regressor over string tokens: keras.layers.StringLookup -> Embedding
-> mean over tokens -> Dense, with the lookup called inside the step on the raw string
batch.  Mid-run the program grows and reorders the vocabulary the way incremental
vocabulary updates do: `LOOKUP.set_vocabulary(...)` at step 9 (two new tokens appended:
words that were out-of-vocabulary now get their own ids), at step 17 (the order
changed: every id moves) and at step 25 (a token removed).  Keras builds a new static
hash table each time and keeps it as a layer attribute.  Probes: a lookup table resource
held by a preprocessing layer, replaced between converted calls."""
import random

import numpy

random.seed(5646)
numpy.random.seed(5646)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5646)
rng = np.random.default_rng(5646)
WORDS = ["red", "green", "blue", "cyan", "gold", "grey", "pink"]
VALUE = {"red": 1.0, "green": -1.0, "blue": 0.5, "cyan": 2.0, "gold": -2.0, "grey": 0.0, "pink": 1.5}
IDX = rng.integers(0, len(WORDS), size=(160, 4))
TOKS = np.array([[WORDS[j] for j in row] for row in IDX])
YS = np.array([[np.mean([VALUE[w] for w in row])] for row in TOKS], np.float32)

LOOKUP = keras.layers.StringLookup(vocabulary=["red", "green", "blue", "cyan", "gold"])
EMB = keras.layers.Embedding(12, 4)
HEAD = keras.layers.Dense(1)
EMB.build((None, 4))
HEAD.build((None, 4))
PARAMS = EMB.trainable_variables + HEAD.trainable_variables
OPT = keras.optimizers.Adam(learning_rate=0.05)


def train_step(tokens, y):
    ids = LOOKUP(tokens)
    with tf.GradientTape() as tape:
        pooled = tf.reduce_mean(EMB(ids), axis=1)
        loss = tf.reduce_mean(tf.square(HEAD(pooled) - y))
    grads = tape.gradient(loss, PARAMS)
    OPT.apply_gradients(zip(grads, PARAMS))
    return loss, ids


for step in range(32):
    if step == 9:
        LOOKUP.set_vocabulary(["red", "green", "blue", "cyan", "gold", "grey", "pink"])
    if step == 17:
        LOOKUP.set_vocabulary(["pink", "grey", "gold", "cyan", "blue", "green", "red"])
    if step == 25:
        LOOKUP.set_vocabulary(["pink", "grey", "gold", "cyan", "blue", "red"])
    i = (step * 10) % 150
    loss, ids = train_step(tf.constant(TOKS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), ids.numpy()[0].tolist(), LOOKUP.vocabulary_size())

print(json.dumps({"emb": [repr(float(v)) for v in EMB.embeddings.numpy()[:3].ravel()],
                  "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()]}))

"""Intent classifier over raw tokens: a StringLookup (num_oov_indices=1) feeds an
Embedding and a Dense head.  The co-executed step hashes the token batch with
zlib.crc32 to drop one token column, then calls lookup(tokens) on a numpy string
array at one site and the rest of the model at others.  At step 12 the loop
calls lookup.set_vocabulary(...) with two more words (which were OOV before);
the Embedding was sized for the final vocabulary.  Probes: a lookup-table layer
site whose table is replaced mid-run, fed numpy string arrays."""
import random

import numpy

random.seed(69)
numpy.random.seed(69)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6901)
rng = np.random.default_rng(6901)
WORDS = ["play", "stop", "music", "light", "on", "off", "alarm", "set"]
TOKS = np.array([[WORDS[j] for j in rng.integers(0, 8, size=4)] for _ in range(64)])
YS = np.array([[float(("music" in r) or ("alarm" in r))] for r in TOKS], dtype=np.float32)

lookup = keras.layers.StringLookup(vocabulary=WORDS[:6], num_oov_indices=1)
emb = keras.layers.Embedding(10, 4)
head = keras.layers.Dense(1)
bce = keras.losses.BinaryCrossentropy(from_logits=True)
opt = keras.optimizers.Adam(0.03)
crcs = []


def train_step(tokens, y):
    c = zlib.crc32(" ".join(tokens.ravel().tolist()).encode()) % 4
    crcs.append(c)
    tokens = np.delete(tokens, c, axis=1)
    ids = lookup(tokens)
    with tf.GradientTape() as tape:
        logits = head(tf.reduce_mean(emb(ids), axis=1))
        loss = bce(y, logits)
    tv = emb.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    return loss, int(tf.reduce_sum(tf.cast(ids == 0, tf.int32)))


for step in range(30):
    if step == 12:
        lookup.set_vocabulary(WORDS)
    i = (step * 8) % 56
    loss, n_oov = train_step(TOKS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), n_oov, lookup.vocabulary_size())

print(json.dumps({
    "vars": [v.numpy().tolist() for v in emb.trainable_variables + head.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-4:],
}))

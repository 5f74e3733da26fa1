"""String inputs through co-executed preprocessing layers: a StringLookup whose vocabulary
is replaced with set_vocabulary() at steps 10 and 20 (new lookup table; tokens move to other
ids, unknown ones to OOV), feeding an Embedding and a pooled head under the tape; a Hashing
layer whose salt is changed at step 15. The string batches come from a generator made
outside the step (refused). The step prints the ids and exact losses."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(4444)
rng = np.random.default_rng(4444)
WORDS = ["ant", "bee", "cat", "dog", "eel", "fox", "gnu", "hen", "ibis", "jay"]
SENT = rng.integers(0, len(WORDS), size=(200, 4))
Y = rng.normal(size=(200, 1)).astype("float32")

LOOKUP = keras.layers.StringLookup(vocabulary=WORDS[:6])
HASH = keras.layers.Hashing(num_bins=5, salt=[1, 2])
EMB = keras.layers.Embedding(12, 3)
HEMB = keras.layers.Embedding(5, 3)
HEAD = keras.layers.Dense(1)
EMB.build((None, 4))
HEMB.build((None, 4))
HEAD.build((None, 3))
VARS = EMB.trainable_variables + HEMB.trainable_variables + HEAD.trainable_variables


def batches():
    i = 0
    while True:
        words = np.array([[WORDS[k] for k in row] for row in SENT[i:i + 4]])
        yield tf.constant(words), tf.constant(Y[i:i + 4])
        i = (i + 4) % 196


DATA = batches()


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step():
    words, y = next(DATA)
    ids = LOOKUP(words)
    hid = HASH(words)
    with tf.GradientTape() as tape:
        e = EMB(ids) + HEMB(hid)
        p = HEAD(tf.reduce_mean(e, axis=1))
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.1 * tf.convert_to_tensor(g))
    return loss, ids, hid, grads


for step in range(30):
    if step == 10:
        LOOKUP.set_vocabulary(WORDS[3:])
    if step == 15:
        HASH.salt = [7, 9]
    if step == 20:
        LOOKUP.set_vocabulary(list(reversed(WORDS)))
    loss, ids, hid, grads = train_step()
    print(step, repr(float(loss)), flat(ids), flat(hid), LOOKUP.vocabulary_size())
    print("  g", flat(grads[-1]), flat(grads[-2]))

print(json.dumps({"vars": [flat(v) for v in VARS]}))

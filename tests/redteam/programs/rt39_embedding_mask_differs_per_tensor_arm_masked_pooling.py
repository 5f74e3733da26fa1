"""A text classifier: Embedding(mask_zero=True) over padded token ids, then on one arm
of an `if` on a tensor (the mean label of the batch plus a per-call offset) the
embedding of the tokens as given, and on the other the embedding of the tokens with
their first two columns zeroed (so a different Keras mask rides on the tensor), each
followed by its own Dense (which passes the mask on).  After the branch a
GlobalAveragePooling1D averages over the unmasked positions only and a Dense head gives
a logit.  Both arms run early and later.  Probes: tensors carrying different Keras masks
out of the two arms of a branch on a tensor."""
import random

import numpy

random.seed(399)
numpy.random.seed(399)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(399)
rng = np.random.default_rng(399)
N, L, V = 96, 7, 20
TOK = rng.integers(1, V, size=(N, L)).astype(np.int32)
LENS = rng.integers(2, L + 1, size=(N,))
for r in range(N):
    TOK[r, LENS[r]:] = 0
LAB = ((TOK % 3 == 0).sum(axis=1) > 1).astype(np.float32)[:, None]
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]

EMB = keras.layers.Embedding(V, 6, mask_zero=True)
DA = keras.layers.Dense(6, activation="tanh")
DB = keras.layers.Dense(6, activation="relu")
POOL = keras.layers.GlobalAveragePooling1D()
HEAD = keras.layers.Dense(1)
LOSS = keras.losses.BinaryCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(learning_rate=0.01)
# build everything once
_h = DA(EMB(TOK[:2]))
HEAD(POOL(DB(_h)))
VARS = EMB.trainable_weights + DA.trainable_weights + DB.trainable_weights + HEAD.trainable_weights
ZERO2 = tf.constant(np.array([0, 0] + [1] * (L - 2), dtype=np.int32))


def train_step(tok, y, off):
    with tf.GradientTape() as tape:
        if tf.reduce_mean(y) + off > 0.8:
            h = DA(EMB(tok))
        else:
            h = DB(EMB(tok * ZERO2))
        pooled = POOL(h)
        logit = HEAD(pooled)
        loss = LOSS(y, logit)
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss, pooled


for step in range(len(OFF)):
    i = (step * 12) % 84
    loss, pooled = train_step(tf.constant(TOK[i:i + 12]), tf.constant(LAB[i:i + 12]),
                              tf.constant(OFF[step]))
    print(step, repr(float(loss)), pooled.numpy()[0, :3].tolist())

for v in VARS:
    print(v.path, v.numpy().ravel()[:6].tolist())

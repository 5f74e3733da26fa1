"""A small text classifier: Embedding(mask_zero=True) -> LSTM(recurrent_dropout=0.25)
-> Dense, on padded integer sequences (zeros at the end of each row are masked; the
LSTM's while loop carries the previous output where the mask is False).  Keras sets
the LSTM cell's implementation to 1 when recurrent_dropout > 0, so each timestep
reads the kernel and the recurrent kernel as four column slices each; eagerly the
timestep loop is Python's and the tape sums the slices' gradients in one flat sum,
where a While op's gradient sums per iteration and then across iterations.  At step
10 the loop lowers `lstm.cell.recurrent_dropout` to 0.1 (the cell stays on
implementation 1), at step 20 sets `emb.mask_zero = False` (padding now flows
through the LSTM)."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3624)
rng = np.random.default_rng(3624)
TOK = rng.integers(1, 30, size=(64, 7)).astype(np.int32)
LENS = rng.integers(3, 8, size=(64,))
for r, n in enumerate(LENS):
    TOK[r, n:] = 0
LAB = (TOK[:, 0] % 3).astype(np.int32)
EMB = keras.layers.Embedding(30, 6, mask_zero=True)
LSTM = keras.layers.LSTM(5, recurrent_dropout=0.25, seed=7)
HEAD = keras.layers.Dense(3)
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(learning_rate=0.02)
HEAD(LSTM(EMB(tf.constant(TOK[:2]))))


def train_step(tok, lab):
    with tf.GradientTape() as tape:
        logits = HEAD(LSTM(EMB(tok), training=True))
        loss = LOSS(lab, logits)
    variables = EMB.trainable_variables + LSTM.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(30):
    if step == 10:
        LSTM.cell.recurrent_dropout = 0.1
    if step == 20:
        EMB.mask_zero = False
    i = (step * 8) % 56
    loss = train_step(tf.constant(TOK[i:i + 8]), tf.constant(LAB[i:i + 8]))
    print(step, float(loss).hex(), float(LSTM.cell.kernel.numpy()[0, 0]).hex(),
          LSTM.cell.implementation, LSTM.cell.recurrent_dropout, EMB.mask_zero)

print(json.dumps({
    "lstm": [float(v).hex() for v in LSTM.cell.kernel.numpy().ravel()[:8]],
    "rec": [float(v).hex() for v in LSTM.cell.recurrent_kernel.numpy().ravel()[:6]],
    "emb": [float(v).hex() for v in EMB.embeddings.numpy().ravel()[:6]],
}))

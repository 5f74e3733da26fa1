"""A co-executed retrieval step (np.random.choice over the encoder's numpy scores
samples the anchor and negative rows, so the step stays in the interpreter) encodes a
bank of 10 items with a Keras encoder (tanh) and gathers anchor, positive and negative
rows from the encoded bank with tf.gather (gradients: IndexedSlices into the encoder's
output), plus a dense mean-embedding regulariser over the whole bank.  The encoder's
output thus receives two sparse and one dense gradient term, which eager aggregates
by densifying the IndexedSlices and adding all three, and the Tanh gradient then gets
a dense tensor.  What changes mid-run: at step 14 the dense regulariser is dropped,
so the encoder's output receives only IndexedSlices (aggregated by concatenation) and
the Tanh gradient gets an IndexedSlices it must densify itself.  Probes: IndexedSlices
flowing from eager-run gather gradients into compiled chunks, and their sums."""
import random

import numpy

random.seed(4616)
numpy.random.seed(4616)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

warnings.simplefilter("always")
keras.utils.set_random_seed(4616)
rng = np.random.default_rng(4616)
BANK = rng.normal(size=(10, 6)).astype(np.float32)
ENC = keras.layers.Dense(5, activation="tanh")
ENC(BANK[:1])
OPT = keras.optimizers.SGD(learning_rate=0.05)
FLAGS = {"dense_reg": True}
PICKS = []


def train_step(bank):
    scores = ENC(bank).numpy().sum(axis=1).astype(np.float64)
    p = np.exp(scores - scores.max())
    p = p / p.sum()
    anchor, neg = np.random.choice(10, size=2, replace=False, p=p)
    pos = (anchor + 1) % 10
    PICKS.append([int(anchor), int(pos), int(neg)])
    with tf.GradientTape() as tape:
        emb = ENC(bank)
        a = tf.gather(emb, [int(anchor)])
        pn = tf.gather(emb, [int(pos), int(neg)])
        d_pos = tf.reduce_sum(tf.square(a - pn[:1]))
        d_neg = tf.reduce_sum(tf.square(a - pn[1:]))
        loss = tf.nn.softplus(d_pos - d_neg + 0.5)
        if FLAGS["dense_reg"]:
            loss = loss + 0.1 * tf.reduce_sum(tf.square(tf.reduce_mean(emb, axis=0)))
    sources = [emb] + ENC.trainable_variables
    grads = tape.gradient(loss, sources)
    OPT.apply_gradients(zip(grads[1:], sources[1:]))
    g_emb = grads[0]
    return loss, g_emb, grads


for step in range(28):
    if step == 14:
        FLAGS["dense_reg"] = False
    loss, g_emb, grads = train_step(tf.constant(BANK))
    dense = tf.convert_to_tensor(g_emb)
    print(step, PICKS[-1], type(g_emb).__name__, repr(float(loss)), repr(float(tf.reduce_sum(dense))),
          repr(float(grads[1][2, 3])), repr(float(grads[2][4])))

print(json.dumps({"k": [repr(float(v)) for v in ENC.kernel.numpy().ravel()],
                  "b": [repr(float(v)) for v in ENC.bias.numpy()]}))

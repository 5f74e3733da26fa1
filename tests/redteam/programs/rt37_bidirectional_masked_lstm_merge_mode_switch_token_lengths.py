"""A text model: Embedding(mask_zero=True) -> Bidirectional(LSTM(return_sequences=True))
-> masked mean -> Dense.  Token batches are right-padded with zeros to 7 steps, so Keras'
TF rnn runs its masked while loop (tf.where between the new and previous output/state
per step), forward and go_backwards (the backward copy reverses the mask).  At step 10
the program sets bi.merge_mode from "concat" to "ave" (the head then sees 5 features
instead of 10, so a second head is used), and at step 20 the global PAD_FROM shortens
every sequence by one more token.  Probes: masked RNN loops in both directions, a
Bidirectional wrapper reconfigured mid-run."""
import random

import numpy

random.seed(3713)
numpy.random.seed(3713)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3713)
rng = np.random.default_rng(3713)
TOK = rng.integers(1, 30, size=(64, 7)).astype(np.int32)
LENS = rng.integers(2, 8, size=(64,))
YS = rng.normal(size=(64, 1)).astype(np.float32)

emb = keras.layers.Embedding(30, 6, mask_zero=True)
bi = keras.layers.Bidirectional(keras.layers.LSTM(5, return_sequences=True))
head10 = keras.layers.Dense(1)
head5 = keras.layers.Dense(1)
OPT = keras.optimizers.Adam(learning_rate=0.01)
PAD_FROM = 0
_e = emb(tf.constant(TOK[:2]))
bi(_e, mask=emb.compute_mask(tf.constant(TOK[:2])))
head10.build((None, 10))
head5.build((None, 5))
OPT.build(emb.trainable_variables + bi.trainable_variables + head10.trainable_variables
          + head5.trainable_variables)
del _e


def make_batch(j):
    tok = TOK[j:j + 8].copy()
    for r in range(8):
        tok[r, max(1, int(LENS[j + r]) - PAD_FROM):] = 0
    return tf.constant(tok), tf.constant(YS[j:j + 8])


def train_step(tok, y):
    head = head10 if bi.merge_mode == "concat" else head5
    with tf.GradientTape() as tape:
        e = emb(tok)
        mask = emb.compute_mask(tok)
        seq = bi(e, mask=mask)
        m = tf.cast(mask, tf.float32)[:, :, None]
        pooled = tf.reduce_sum(seq * m, axis=1) / tf.reduce_sum(m, axis=1)
        loss = tf.reduce_mean(tf.square(head(pooled) - y))
    variables = emb.trainable_variables + bi.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(28):
    if step == 10:
        bi.merge_mode = "ave"
    if step == 20:
        PAD_FROM = 1
    j = (step * 8) % 56
    tok, y = make_batch(j)
    loss = train_step(tok, y)
    print(step, bi.merge_mode, float(loss).hex())

print("final", [float(v).hex() for v in emb.embeddings.numpy().ravel()[:6]],
      float(tf.reduce_sum(bi.trainable_variables[0])).hex(), bi.merge_mode, PAD_FROM)

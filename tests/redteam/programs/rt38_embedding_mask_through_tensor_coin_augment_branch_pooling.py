"""Text model with Embedding(mask_zero=True) -> GlobalAveragePooling1D -> Dense.  Inside the
step, embedding-space augmentation is applied on a coin flip decided by a tensor (a
per-step uniform draw given as input): `if coin < 0.5: h = h + 0.1 * noise` (a raw TF op,
whose result carries no Keras mask), else h is left as the Embedding's output (which
carries Keras' _keras_mask, so the pooling averages only the real tokens).  Eagerly the
pooling is masked exactly on the steps that skip augmentation.  Probes: Keras' mask on a
tensor that flows through a Python branch on a tensor."""
import random

import numpy

random.seed(425)
numpy.random.seed(425)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3845)
rng = np.random.default_rng(3845)
emb = keras.layers.Embedding(30, 6, mask_zero=True)
pool = keras.layers.GlobalAveragePooling1D()
head = keras.layers.Dense(1)
OPT = keras.optimizers.Adam(learning_rate=0.02)
COINS = rng.uniform(size=(30,)).astype(np.float32)


def make_batch(k):
    r = np.random.default_rng(700 + k)
    tok = r.integers(1, 30, size=(6, 8))
    lens = r.integers(2, 9, size=(6,))
    for j in range(6):
        tok[j, lens[j]:] = 0
    y = ((tok % 5) == 1).sum(axis=1, keepdims=True).astype(np.float32) / lens[:, None]
    noise = r.normal(size=(6, 8, 6)).astype(np.float32)
    return tok.astype(np.int32), y.astype(np.float32), noise


def train_step(tok, y, noise, coin):
    with tf.GradientTape() as tape:
        h = emb(tok)
        if coin < 0.5:
            h = h + 0.1 * noise
        p = head(pool(h))
        loss = tf.reduce_mean(tf.square(p - y))
    tv = emb.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss


for step in range(30):
    tok, y, noise = make_batch(step)
    loss = train_step(tf.constant(tok), tf.constant(y), tf.constant(noise), tf.constant(COINS[step]))
    print(step, repr(float(loss)), bool(COINS[step] < 0.5))

print(json.dumps({"emb": emb.embeddings.numpy().ravel()[:12].tolist(),
                  "head": [w.numpy().ravel().tolist() for w in head.weights], "it": int(OPT.iterations)}))

"""Ordinary text classification: token-id batches padded to the longest sequence of their
bucket (lengths 6, 9, 13, 17, 21 in an irregular order, batch sizes 16 or a partial 11),
a Keras Embedding(mask_zero=True) -> GlobalAveragePooling1D (masked) -> Dropout -> Dense
sigmoid model, BinaryCrossentropy, Adam.  At step 12 the script turns on gradient clipping
(opt.clipnorm = 1.0) and at step 22 lowers dropout (model.layers[2].rate = 0.1), as one
does after a loss spike.  Probes: an ordinary varying-length text loop with masking."""
import random

import numpy

random.seed(403)
numpy.random.seed(403)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3823)
rng = np.random.default_rng(3823)
VOCAB = 50
LENGTHS = [6, 13, 9, 21, 6, 17, 13, 9, 21, 17]


def make_batch(k, n, length):
    r = np.random.default_rng(1000 + k)
    toks = r.integers(1, VOCAB, size=(n, length))
    lens = r.integers(2, length + 1, size=(n,))
    for j in range(n):
        toks[j, lens[j]:] = 0
    labels = ((toks % 7 == 3).sum(axis=1) > (toks % 7 == 5).sum(axis=1)).astype(np.float32)[:, None]
    return toks.astype(np.int32), labels


model = keras.Sequential([
    keras.Input((None,), dtype="int32"),
    keras.layers.Embedding(VOCAB, 8, mask_zero=True),
    keras.layers.GlobalAveragePooling1D(),
    keras.layers.Dropout(0.3, seed=3),
    keras.layers.Dense(1, activation="sigmoid"),
])
loss_fn = keras.losses.BinaryCrossentropy()
opt = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        p = model(x, training=True)
        loss = loss_fn(y, p)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 12:
        opt.clipnorm = 1.0
    elif step == 22:
        model.layers[2].rate = 0.1
    n = 11 if step % 7 == 6 else 16
    x, y = make_batch(step, n, LENGTHS[step % len(LENGTHS)])
    loss = train_step(tf.constant(x), tf.constant(y))
    print(step, x.shape, repr(float(loss)))

print(json.dumps({
    "weights": [w.numpy().ravel()[:8].tolist() for w in model.weights],
    "seed": model.layers[2].seed_generator.state.numpy().tolist(),
    "iterations": int(opt.iterations),
}))

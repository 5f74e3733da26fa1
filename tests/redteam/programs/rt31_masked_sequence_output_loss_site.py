"""Sequence tagging with padding: Embedding(mask_zero=True) -> per-token Dense(tanh)
-> Dense, all in one Sequential.  The co-executed step (zlib.crc32 of the padded ids,
numpy padding per batch) calls the model on a numpy id batch, then a
SparseCategoricalCrossentropy loss object and a SparseCategoricalAccuracy metric on
the output; in eager Keras carries the padding mask on the output tensor and the loss
and metric weight by it.  Padding lengths change from step 10.  Probes: the mask a
model site's output carries into a loss site and a metric site."""
import random

import numpy

random.seed(47)
numpy.random.seed(47)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4701)
rng = np.random.default_rng(4701)
TOK = rng.integers(1, 12, size=(64, 6)).astype(np.int32)
TAGS = (TOK % 3).astype(np.int32)

model = keras.Sequential([keras.Input((6,), dtype="int32"),
                          keras.layers.Embedding(12, 8, mask_zero=True),
                          keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(3)])
xent = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
acc = keras.metrics.SparseCategoricalAccuracy()
opt = keras.optimizers.Adam(0.02)
crcs = []


def train_step(tok, tags, pad):
    tok = tok.copy()
    if pad:
        tok[:, -pad:] = 0
    crcs.append(zlib.crc32(tok.tobytes()) % 1000)
    with tf.GradientTape() as tape:
        logits = model(tok, training=True)
        loss = xent(tags, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    acc(tags, logits)
    mask = getattr(logits, "_keras_mask", None)
    return loss, None if mask is None else int(tf.reduce_sum(tf.cast(mask, tf.int32)))


for step in range(30):
    pad = 1 if step < 10 else (2 + step % 3)
    i = (step * 8) % 56
    loss, nmask = train_step(TOK[i:i + 8], TAGS[i:i + 8], pad)
    print(step, repr(float(loss)), nmask, repr(float(acc.result())))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))

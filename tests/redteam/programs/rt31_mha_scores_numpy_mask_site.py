"""Tiny attention fine-tune: the co-executed step (zlib.crc32 of each sequence picks
how many trailing positions to mask, in numpy) calls a MultiHeadAttention layer
directly with query=value=x, a numpy boolean attention_mask built in the step,
dropout active, and return_attention_scores=True, then a Dense head, a loss and
an optimizer site, and logs the mean attention entropy with a Mean metric.  At
step 12 the loop turns on use_causal_mask (a keyword from Python state), at 20 it
changes the attention layer's dropout rate.  Probes: a layer site returning a
tuple, numpy mask arguments, keyword flags that change."""
import random

import numpy

random.seed(66)
numpy.random.seed(66)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6601)
rng = np.random.default_rng(6601)
XS = rng.normal(size=(64, 5, 4)).astype(np.float32)
YS = (XS[:, :, 0].mean(axis=1, keepdims=True) > 0).astype(np.float32)

mha = keras.layers.MultiHeadAttention(num_heads=2, key_dim=3, dropout=0.1, seed=11)
head = keras.layers.Dense(1)
bce = keras.losses.BinaryCrossentropy(from_logits=True)
ent = keras.metrics.Mean()
opt = keras.optimizers.Adam(0.01)
CAUSAL = False
masked = []


def train_step(x, y):
    cut = np.array([zlib.crc32(s.tobytes()) % 3 for s in x])
    masked.append(int(cut.sum()))
    keep = np.arange(5)[None, :] < (5 - cut)[:, None]
    mask = keep[:, None, :] & np.ones((len(x), 5, 1), dtype=bool)
    with tf.GradientTape() as tape:
        out, scores = mha(x, x, attention_mask=mask, return_attention_scores=True,
                          training=True, use_causal_mask=CAUSAL)
        logits = head(tf.reduce_mean(out, axis=1))
        loss = bce(y, logits)
    tv = mha.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    p = scores.numpy()
    ent(-(p * np.log(p + 1e-9)).sum(axis=-1))
    return loss


for step in range(30):
    if step == 12:
        CAUSAL = True
    if step == 20:
        mha._dropout = 0.3
        mha._dropout_layer.rate = 0.3
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), masked[-1], repr(float(ent.result())))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in mha.trainable_variables + head.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
}))

"""A sequence-model training loop that logs an attention-cost estimate per batch: the
step counts the non-padding tokens with `tf.reduce_sum(...).numpy()` (a numpy int32
scalar) and multiplies it by itself and by a Python-int head width (`ntok * ntok * WIDTH`,
numpy int32 scalar arithmetic).  numpy wraps integer overflow silently for arrays but
*warns* for scalars ("overflow encountered in scalar multiply").  The caller records the
warnings of every step with `warnings.catch_warnings(record=True)` and prints how many
there were.  WIDTH grows at step 12 so that the product passes 2**31 only after janus has
converted the step.  Probes: numpy scalar integer arithmetic on `.numpy()` of an int
tensor, where numpy scalars warn and arrays wrap."""
import random

import numpy

random.seed(4309)
numpy.random.seed(4309)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4309)
rng = np.random.default_rng(4309)
TOK = rng.integers(0, 50, size=(160, 24)).astype(np.int32)
TOK[rng.random(TOK.shape) < 0.2] = 0
YS = (TOK.sum(axis=1, keepdims=True) / 600.0).astype(np.float32)
EMB = tf.Variable(rng.normal(size=(50, 8)).astype(np.float32) * 0.2)
W = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.Adam(learning_rate=0.01)
WIDTH = 64
COSTS = []


def train_step(tok, y):
    mask = tf.cast(tok > 0, tf.float32)
    with tf.GradientTape() as tape:
        e = tf.nn.embedding_lookup(EMB, tok) * mask[:, :, None]
        pooled = tf.reduce_sum(e, axis=1) / (tf.reduce_sum(mask, axis=1, keepdims=True) + 1.0)
        loss = tf.reduce_mean(tf.square(pooled @ W - y))
    grads = tape.gradient(loss, [EMB, W])
    OPT.apply_gradients(zip(grads, [EMB, W]))
    ntok = tf.reduce_sum(tf.cast(tok > 0, tf.int32)).numpy()
    cost = ntok * ntok * WIDTH
    COSTS.append(cost)
    return loss, cost


for step in range(30):
    if step == 12:
        WIDTH = 65536
    i = (step * 16) % 144
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss, cost = train_step(tf.constant(TOK[i:i + 16]), tf.constant(YS[i:i + 16]))
    msgs = sorted({str(w.message) for w in caught})
    print(step, repr(float(loss)), repr(cost), len(caught), msgs)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "EMB": [repr(float(v)) for v in EMB.numpy().ravel()[:8]],
    "costs": [int(c) for c in COSTS],
    "cost_types": sorted({type(c).__name__ for c in COSTS}),
}))

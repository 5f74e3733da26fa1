"""Keras masks travel between co-execution sites as the `_keras_mask` attribute of the
tensors one site returns and the next receives: Embedding(mask_zero=True) -> Dense (passes
the mask on) -> GlobalAveragePooling1D (averages only unmasked steps), each called
separately in the step, then a loss whose y_pred carries a mask. The pooling site is also
called with an unmasked tensor and with a tensor whose `_keras_mask` the program sets
itself (a different mask each step); the padding changes every step. The step prints
whether each output carries a mask and the mask's values. crc32 keeps it interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(2020)
rng = np.random.default_rng(2020)
T = 6
TOK = rng.integers(1, 20, size=(200, T)).astype("int32")
Y = rng.normal(size=(200, 1)).astype("float32")

EMB = keras.layers.Embedding(20, 5, mask_zero=True)
DENSE = keras.layers.Dense(5, activation="tanh")
POOL = keras.layers.GlobalAveragePooling1D()
HEAD = keras.layers.Dense(1)
EMB.build((None, T))
DENSE.build((None, T, 5))
HEAD.build((None, 5))
VARS = EMB.trainable_variables + DENSE.trainable_variables + HEAD.trainable_variables
MSE = keras.losses.MeanSquaredError()


def flat(t):
    return np.asarray(t).ravel().tolist()


def mask_of(t):
    m = getattr(t, "_keras_mask", None)
    return None if m is None else flat(tf.cast(m, tf.int32))


def train_step(tok, y, step):
    with tf.GradientTape() as tape:
        e = EMB(tok)
        h = DENSE(e)
        pooled = POOL(h)
        plain = POOL(tf.identity(h))
        own = tf.identity(h)
        own._keras_mask = tf.constant(np.arange(T)[None, :].repeat(4, 0) < (step % T) + 1)
        pooled_own = POOL(own)
        p = HEAD(pooled + 0.5 * plain + 0.25 * pooled_own)
        seq_pred = tf.reduce_sum(h, axis=-1, keepdims=True)
        seq_pred._keras_mask = e._keras_mask if hasattr(e, "_keras_mask") else None
        seq_loss = MSE(tf.zeros_like(seq_pred), seq_pred)
        loss = tf.reduce_mean(tf.square(p - y)) + 0.1 * seq_loss
    crc = zlib.crc32(pooled.numpy().tobytes()) % 947
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        if isinstance(g, tf.IndexedSlices):
            g = tf.convert_to_tensor(g)
        v.assign_sub(0.1 * g)
    return loss, seq_loss, e, h, pooled, crc, grads


for step in range(32):
    i = (step * 4) % 196
    tok = TOK[i:i + 4].copy()
    for r in range(4):
        cut = (step + r) % T
        tok[r, cut:] = 0 if (step + r) % 3 else tok[r, cut:]
    loss, seq_loss, e, h, pooled, crc, grads = train_step(tf.constant(tok), tf.constant(Y[i:i + 4]), step)
    print(step, repr(float(loss)), repr(float(seq_loss)), crc)
    print("  masks", mask_of(e), mask_of(h) == mask_of(e), mask_of(pooled))
    print("  pooled", flat(pooled[0]), "g", flat(grads[-2])[:5])

print(json.dumps({"vars": [repr(float(tf.reduce_sum(v))) for v in VARS], "head": flat(HEAD.kernel)}))

"""MultiHeadAttention as a co-execution site called with keyword arguments that change the
result's structure and computation between calls: return_attention_scores toggled (a
tensor vs a (tensor, scores) tuple), use_causal_mask toggled, an attention_mask given or
not, key given separately or not, and training=True with attention dropout at some steps.
The step prints output structure and exact values. crc32 keeps the step interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(3434)
rng = np.random.default_rng(3434)
B, T, F = 4, 5, 6
Q = rng.normal(size=(40, B, T, F)).astype("float32")
V = rng.normal(size=(40, B, T, F)).astype("float32")
Y = rng.normal(size=(40, B, 1)).astype("float32")

MHA = keras.layers.MultiHeadAttention(num_heads=2, key_dim=3, dropout=0.3)
HEAD = keras.layers.Dense(1)
MHA(Q[0], V[0])
HEAD.build((None, F))
VARS = MHA.trainable_variables + HEAD.trainable_variables


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(q, v, y, step):
    kw = {}
    if step % 2:
        kw["return_attention_scores"] = True
    if step % 3 == 1:
        kw["use_causal_mask"] = True
    if step % 5 == 2:
        kw["attention_mask"] = tf.constant(np.tri(T, T, 1, dtype=bool)[None].repeat(B, 0))
    if step % 4 == 3:
        kw["key"] = q
    if step % 6 == 5:
        kw["training"] = True
    with tf.GradientTape() as tape:
        out = MHA(q, v, **kw)
        scores = None
        if isinstance(out, tuple):
            out, scores = out
        p = HEAD(tf.reduce_mean(out, axis=1))
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(out.numpy().tobytes()) % 907
    grads = tape.gradient(loss, VARS)
    for var, g in zip(VARS, grads):
        var.assign_sub(0.05 * g)
    return loss, grads, crc, scores, sorted(kw)


for step in range(30):
    loss, grads, crc, scores, keys = train_step(tf.constant(Q[step]), tf.constant(V[step]), tf.constant(Y[step]), step)
    print(step, repr(float(loss)), crc, keys, None if scores is None else flat(scores[0, 0, 0]))
    print("  g", flat(grads[0])[:6], flat(grads[-1]), flat(MHA._dropout_layer.seed_generator.state))

print(json.dumps({"vars": [repr(float(tf.reduce_sum(v))) for v in VARS]}))

"""A bag-of-embeddings regressor over zero-padded token sequences (Embedding ->
GlobalAveragePooling1D -> Dense in a functional model), trained with padding counted
as tokens until step 12, when the loop turns masking on in place
(`EMB.mask_zero = True; EMB.supports_masking = True`), so the pooling averages only the
real tokens from then on; at step 22 it turns `mask_zero` off again but leaves
`supports_masking` on.  The step also returns whether the embedding output carries a
Keras mask (`getattr(h, "_keras_mask", None) is not None`) computed by calling the layer
itself.  Probes: a layer's masking attributes changed mid-run (the `_keras_mask` Keras
hangs on graph tensors and the pooling's masked path), and a step that inspects that
attribute on a tensor."""
import random

import numpy

random.seed(561)
numpy.random.seed(561)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(561)
rng = np.random.default_rng(561)
V, T = 20, 7
LENS = rng.integers(2, T + 1, size=(200,))
TOK = np.zeros((200, T), np.int32)
for r, n in enumerate(LENS):
    TOK[r, :n] = rng.integers(1, V, size=(n,))
TRUE = rng.normal(size=(V,)).astype(np.float32)
TRUE[0] = 0.0
YS = np.array([TRUE[TOK[r, :LENS[r]]].mean() for r in range(200)], np.float32)[:, None]

EMB = keras.layers.Embedding(V, 4)
inp = keras.Input((T,), dtype="int32")
pooled = keras.layers.GlobalAveragePooling1D()(EMB(inp))
MODEL = keras.Model(inp, keras.layers.Dense(1)(pooled))
OPT = keras.optimizers.Adam(0.03)


def train_step(tok, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(tok) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    h = EMB(tok)
    has_mask = getattr(h, "_keras_mask", None) is not None
    return loss, has_mask


for step in range(32):
    if step == 12:
        EMB.mask_zero = True
        EMB.supports_masking = True
    if step == 22:
        EMB.mask_zero = False
    i = (step * 8) % 192
    loss, has_mask = train_step(tf.constant(TOK[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), has_mask, repr(float(EMB.embeddings.numpy()[0, 0])))

print(json.dumps({"emb0": [repr(float(v)) for v in EMB.embeddings.numpy()[0]],
                  "emb1": [repr(float(v)) for v in EMB.embeddings.numpy()[1]]}))

"""A bag-of-embeddings regressor over zero-padded token rows: Embedding -> a program
Layer that scales -> GlobalAveragePooling1D -> Dense, each called by the step so Keras
carries the padding mask on the tensors (`_keras_mask`).  Mid-run the loop flips the
masking switches Keras' `Layer.__call__` reads: at step 8 `EMB.mask_zero = True` and
`EMB.supports_masking = True` (the mask now reaches the program layer, which does not
support masking: Keras warns and drops it), at step 14 `MID.supports_masking = True` (the
mask reaches the pooling, which averages only real tokens), at step 22
`EMB.mask_zero = False` again, at step 28 back to True.  Probes: plain flags on Keras
layers that decide whether a mask exists and flows, read by Layer.__call__ and
Embedding.compute_mask; the warning Keras shows once."""
import random

import numpy

random.seed(5603)
numpy.random.seed(5603)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5603)
rng = np.random.default_rng(5603)
TOK = rng.integers(1, 20, size=(160, 7)).astype(np.int32)
LENS = rng.integers(2, 8, size=(160,))
for r in range(160):
    TOK[r, LENS[r]:] = 0
YS = (np.array([TOK[r, :LENS[r]].mean() for r in range(160)]) / 10.0 - 1.0).astype(np.float32)[:, None]


class Scale(keras.layers.Layer):
    def call(self, x):
        return x * 1.5


EMB = keras.layers.Embedding(20, 8, mask_zero=False)
MID = Scale()
POOL = keras.layers.GlobalAveragePooling1D()
HEAD = keras.layers.Dense(1)
EMB.build((None, 7))
HEAD.build((None, 8))
PARAMS = EMB.trainable_variables + HEAD.trainable_variables
OPT = keras.optimizers.Adam(learning_rate=0.03)


def train_step(tokens, y):
    with tf.GradientTape() as tape:
        h = EMB(tokens)
        h = MID(h)
        pooled = POOL(h)
        pred = HEAD(pooled)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, PARAMS)
    OPT.apply_gradients(zip(grads, PARAMS))
    return loss, pooled


for step in range(34):
    if step == 8:
        EMB.mask_zero = True
        EMB.supports_masking = True
    if step == 14:
        MID.supports_masking = True
    if step == 22:
        EMB.mask_zero = False
    if step == 28:
        EMB.mask_zero = True
    i = (step * 10) % 150
    loss, pooled = train_step(tf.constant(TOK[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(float(pooled[0, 0])), repr(float(pooled[3, 1])))

print(json.dumps({
    "emb": [repr(float(v)) for v in EMB.embeddings.numpy()[0, :4]],
    "emb3": [repr(float(v)) for v in EMB.embeddings.numpy()[3, :4]],
    "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()[:4]],
}))

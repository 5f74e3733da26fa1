"""A 1-D conv net over short sequences (Conv1D(6, 3) -> GlobalMaxPooling1D -> Dense),
called by the step with training=True.  Mid-run the loop edits the conv layer's
geometry, which its call passes to the conv op (and from which the output length
follows; the global pooling hides the length from the head): step 7
`CONV.padding = "same"`, step 12 `CONV.dilation_rate = (2,)`, step 17 `CONV.strides =
(2,)` with dilation back to (1,), step 22 `CONV.padding = "causal"`, step 27
`CONV.activation` relu -> selu, step 31 `POOL.keepdims = True` followed by a Flatten
already in the model (shape unchanged for the head).  Probes: tuple and str attributes
of a conv layer read natively by Keras' conv code and by the shape logic that follows."""
import random

import numpy

random.seed(5642)
numpy.random.seed(5642)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5642)
rng = np.random.default_rng(5642)
XS = rng.normal(size=(128, 12, 2)).astype(np.float32)
YS = (np.abs(XS[:, :, 0]).max(axis=1, keepdims=True) - XS[:, ::3, 1].mean(axis=1, keepdims=True)).astype(np.float32)

CONV = keras.layers.Conv1D(6, 3, activation="relu")
POOL = keras.layers.GlobalMaxPooling1D()
MODEL = keras.Sequential([keras.Input((12, 2)), CONV, POOL, keras.layers.Flatten(),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 7:
        CONV.padding = "same"
    if step == 12:
        CONV.dilation_rate = (2,)
    if step == 17:
        CONV.strides = (2,)
        CONV.dilation_rate = (1,)
    if step == 22:
        CONV.padding = "causal"
    if step == 27:
        CONV.activation = keras.activations.selu
    if step == 31:
        POOL.keepdims = True
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(CONV.kernel.numpy()[0, 0, 0])))

print(json.dumps({"conv": [repr(float(v)) for v in CONV.kernel.numpy().ravel()[:8]],
                  "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))

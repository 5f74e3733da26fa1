"""Segmentation-style masking through the loss: SparseCategoricalCrossentropy
(from_logits=True, ignore_class=None) on per-position labels where label 3 marks
'void'.  At step 10 the program sets loss_fn.ignore_class = 3 (void positions drop out
of the mean), at step 20 sets it to 0, and at step 25 back to None.  A sample_weight
per example also enters.  Probes: a Keras loss attribute that changes the masking path
edited between converted steps."""
import random

import numpy

random.seed(46)
numpy.random.seed(46)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4601)
rng = np.random.default_rng(4601)
XS = rng.normal(size=(64, 6, 3)).astype(np.float32)
YS = rng.integers(0, 4, size=(64, 6)).astype(np.int32)
SW = rng.uniform(0.5, 1.5, size=(64, 6)).astype(np.float32)
model = keras.Sequential([keras.Input((6, 3)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(4)])
OPT = keras.optimizers.SGD(learning_rate=0.2)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y, w):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits, sample_weight=w)
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        loss_fn.ignore_class = 3
    if step == 20:
        loss_fn.ignore_class = 0
    if step == 25:
        loss_fn.ignore_class = None
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(SW[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()[:8]],
}))

"""A Sequential conv-free image-ish classifier trained with AdamW whose learning rate is
`itertools.cycle(RATES).__next__` -- a cyclic learning rate with no schedule class.
AdamW asks for its learning rate once per variable for the decoupled weight decay and
once for the update (5 calls per `apply_gradients` here, 4 variables), so every step
advances the C cycle iterator by five; the loop peeks once more per step through the
`OPT.learning_rate` property (printed).  Mid-run the loop skips one rate with
`next(CYCLE)` at step 11, swaps in another cycle through the property setter at step
20, and at step 27 sets `OPT.weight_decay = None`, after which AdamW asks only once
per step.  Each step prints the loss and the peeked rate.
Probes: a stateful C iterator's `__next__` held as a Keras optimizer's callable
learning rate: how often the library calls it is what eager's numbers depend on."""
import random

import numpy

random.seed(5905)
numpy.random.seed(5905)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5905)
rng = np.random.default_rng(5905)
IMGS = rng.normal(size=(160, 4, 4, 1)).astype(np.float32)
LABELS = (IMGS[:, :2, :, 0].mean(axis=(1, 2)) > IMGS[:, 2:, :, 0].mean(axis=(1, 2))).astype(np.int32)

MODEL = keras.Sequential([
    keras.Input((4, 4, 1)),
    keras.layers.Flatten(),
    keras.layers.Dense(12, activation="relu"),
    keras.layers.Dense(2),
])
RATES = [4e-3, 2e-3, 1e-3, 5e-4, 2.5e-4]
CYCLE = itertools.cycle(RATES)
OPT = keras.optimizers.AdamW(learning_rate=CYCLE.__next__, weight_decay=0.02)
CE = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = CE(y, MODEL(x, training=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 11:
        next(CYCLE)
    if step == 20:
        CYCLE = itertools.cycle([3e-3, 1e-3, 5e-4])
        OPT.learning_rate = CYCLE.__next__
    if step == 27:
        OPT.weight_decay = None
    i = (step * 16) % 144
    loss = train_step(tf.constant(IMGS[i:i + 16]), tf.constant(LABELS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(OPT.learning_rate)))

print(json.dumps({
    "k": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
    "out": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()[:6]],
}))

"""Fine-tuning code hangs its own per-layer learning-rate multipliers on the optimizer
object: opt.lr_mult = [1.0, 1.0, 1.0, 1.0] (a plain Keras SGD; Keras 3's tracking turns the list
into a TrackedList as it is assigned).  The step scales each gradient by the multiplier
of its layer, `[g * m for g, m in zip(grads, opt.lr_mult)]`, before apply_gradients.

The loop changes the multipliers in place, as a discriminative fine-tuning schedule
does: at step 8 it freezes-ish the first layer (lr_mult[0] = 0.1), at step 16 it
inserts a multiplier at the front (zip then pairs every variable with its neighbour's
multiplier), at step 24 it sets every multiplier to 0.5 with a slice assignment.  The optimizer
keeps the same list object.  A graph that guarded the optimizer attribute's identity but
not the contents of the list it holds scales the gradients as at its build.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(109)
np.random.seed(109)
keras.utils.set_random_seed(109)

rng = np.random.default_rng(109)
X = tf.constant(rng.normal(size=(64, 5)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)
opt.lr_mult = [1.0, 1.0, 1.0, 1.0]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    scaled = [g * m for g, m in zip(grads, opt.lr_mult)]
    opt.apply_gradients(zip(scaled, model.trainable_variables))
    return loss, len(scaled)


for step in range(36):
    if step == 8:
        opt.lr_mult[0] = 0.1
    if step == 16:
        opt.lr_mult.insert(0, 2.0)
    if step == 24:
        opt.lr_mult[:] = [0.5] * len(opt.lr_mult)
    i = (step * 8) % 56
    loss, n = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), n, list(opt.lr_mult), type(opt.lr_mult).__name__)

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "lr_mult": list(opt.lr_mult),
}))

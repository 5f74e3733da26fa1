"""A Keras loss built as LossFunctionWrapper(weighted_mse, class_w=CLASS_W): Keras keeps
the keyword arguments in the loss object's fn_kwargs dict and calls
weighted_mse(y_true, y_pred, **fn_kwargs) at every call.  CLASS_W is a plain Python list
of per-output weights; weighted_mse sums over zip(range(n_outputs), class_w).

The loop edits CLASS_W in place (the loss object's dict and its fn_kwargs dict keep
holding the same list): at step 9 it changes the second weight, at step 16 it appends a
third weight (zip then covers all three outputs), at step 25 it removes the first
weight.  Eager's loss reads the list at each call.  A graph that fixed the list's items
or length as weighted_mse read them while it was built (the list reached as a keyword
argument that library code passed) keeps the old weighting.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf
from keras.src.losses.losses import LossFunctionWrapper

random.seed(79)
np.random.seed(79)
keras.utils.set_random_seed(79)

rng = np.random.default_rng(79)
X = tf.constant(rng.normal(size=(64, 4)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 3)).astype(np.float32))

CLASS_W = [1.0, 0.5]


def weighted_mse(y_true, y_pred, class_w):
    total = 0.0
    for j, w in zip(range(3), class_w):
        total = total + w * tf.reduce_mean(tf.square(y_true[:, j] - y_pred[:, j]))
    return total


LOSS = LossFunctionWrapper(weighted_mse, name="wmse", class_w=CLASS_W)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
opt = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(36):
    if step == 9:
        CLASS_W[1] = 2.0
    if step == 16:
        CLASS_W.append(0.25)
    if step == 25:
        del CLASS_W[0]
    i = (step * 8) % 56
    loss = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), CLASS_W)

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "class_w": CLASS_W,
}))

"""A helper the step calls, with a mutable default argument that is the program's own
list: `def penalty(weights, coefs=L2_COEFS)` sums coef * ||w||^2 over
zip(weights, coefs).  The helper is inlined into the step; its `coefs` is bound from the
function's __defaults__ tuple, which keeps holding the same list while the loop edits the
list in place (a regularization schedule).

At step 7 the loop raises the first coefficient, at step 14 it appends a coefficient
for the second layer (zip then covers two layers instead of one), at step 22 it appends
a third (zip stops at the number of layers anyway), at step 29 it clears the list (no
penalty).  The defaults tuple and the list object never change identity.  A graph that
did not guard the list's items and length as it iterated them keeps the penalty it saw
at build time.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(61)
np.random.seed(61)
keras.utils.set_random_seed(61)

rng = np.random.default_rng(61)
X = tf.constant(rng.normal(size=(64, 6)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))

L2_COEFS = [0.01]

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(5, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(learning_rate=0.01)


def penalty(weights, coefs=L2_COEFS):
    total = tf.constant(0.0)
    for w, c in zip(weights, coefs):
        total = total + c * tf.reduce_sum(tf.square(w))
    return total


def train_step(x, y):
    kernels = [model.layers[0].kernel, model.layers[1].kernel]
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(model(x) - y))
        reg = penalty(kernels)
        loss = mse + reg
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, reg


for step in range(36):
    if step == 7:
        L2_COEFS[0] = 0.05
    if step == 14:
        L2_COEFS.append(0.1)
    if step == 22:
        L2_COEFS.append(1.0)
    if step == 29:
        L2_COEFS.clear()
    i = (step * 8) % 56
    loss, reg = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), repr(float(reg)), L2_COEFS)

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()[:6]] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "coefs": L2_COEFS,
}))

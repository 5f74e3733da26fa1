"""A kernel constraint made by a factory: make_clip(bounds) returns a closure `clip(w)`
over a plain list `bounds` = [low, high, ...extra caps]; the optimizer (library code)
calls the constraint on the kernel after every update.  `clip` clips to [bounds[0],
bounds[1]] and then, for every further item in the list, shrinks the kernel by that
factor (`for f in bounds[2:]`).

The loop keeps a reference to the same list and edits it in place: at step 8 it
tightens bounds[1], at step 15 it appends a shrink factor, at step 23 it appends
another, at step 30 it deletes both extras.  The closure's cell keeps holding the same
list object throughout, so a guard on the cell's identity holds; the list's length and
items change.  A graph that fixed the items or the number of items it saw while it was
built keeps applying the old constraint, and the kernel differs from eager's.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(59)
np.random.seed(59)
keras.utils.set_random_seed(59)

rng = np.random.default_rng(59)
X = tf.constant(rng.normal(size=(64, 4)).astype(np.float32))
Y = tf.constant((X.numpy() @ (3.0 * rng.normal(size=(4, 1)))).astype(np.float32))

BOUNDS = [-1.0, 1.0]


def make_clip(bounds):
    def clip(w):
        w = tf.clip_by_value(w, bounds[0], bounds[1])
        for f in bounds[2:]:
            w = w * f
        return w
    return clip


model = keras.Sequential([keras.Input((4,)),
                          keras.layers.Dense(1, kernel_constraint=make_clip(BOUNDS))])
opt = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(36):
    if step == 8:
        BOUNDS[1] = 0.75
    if step == 15:
        BOUNDS.append(0.99)
    if step == 23:
        BOUNDS.append(0.98)
    if step == 30:
        del BOUNDS[2:]
    i = (step * 8) % 56
    loss = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), BOUNDS,
          [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()])

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "bounds": BOUNDS,
}))

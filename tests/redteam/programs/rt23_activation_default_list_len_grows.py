"""A custom activation with a mutable default argument: def knot_act(x, knots=KNOTS),
given to a Dense layer by reference.  Keras calls knot_act(x) at every forward pass, so
`knots` is bound from the function's __defaults__ tuple, which keeps holding the same
list object while the loop edits it in place: the activation is a sum of shifted ReLUs,
one per knot, `for k in knots` (len(knots) terms).

At step 8 the loop appends a knot, at step 16 it changes one knot's value, at step 24 it
removes the first knot, at step 30 it clears the list (the activation becomes linear).
Neither the function nor its __defaults__ tuple changes, only the list's length and
items.  A graph that fixed how many knots it saw while it was built (or their values)
computes another activation than eager from then on.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(37)
np.random.seed(37)
keras.utils.set_random_seed(37)

rng = np.random.default_rng(37)
X = tf.constant(rng.normal(size=(64, 4)).astype(np.float32))
Y = tf.constant(np.abs(rng.normal(size=(64, 1))).astype(np.float32))

KNOTS = [-0.5, 0.5]


def knot_act(x, knots=KNOTS):
    out = 0.1 * x
    for k in knots:
        out = out + tf.nn.relu(x - k)
    return out


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation=knot_act),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.03)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(36):
    if step == 8:
        KNOTS.append(1.0)
    if step == 16:
        KNOTS[1] = 0.25
    if step == 24:
        KNOTS.pop(0)
    if step == 30:
        KNOTS.clear()
    i = (step * 8) % 56
    loss = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), KNOTS)

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()[:6]] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "knots": KNOTS,
}))

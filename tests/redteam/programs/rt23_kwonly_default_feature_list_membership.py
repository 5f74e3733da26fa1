"""A helper with a keyword-only default that is the program's list of enabled
augmentations: `def augment(x, *, enabled=ENABLED)`.  The step calls augment(x); inside,
`"flip" in enabled`, `"shift" in enabled` and `len(enabled)` decide what is applied.  The
helper is inlined into the step, `enabled` bound from augment.__kwdefaults__, a dict that
keeps holding the same list object while the loop edits the list in place (a curriculum
that turns augmentations on and off).

The loop appends "flip" at step 8, "shift" at step 15, removes "flip" at step 22 and
clears the list at step 29.  Eager's membership tests see each edit; a graph that
answered `in` and `len()` on the list while it was built, without guarding them, keeps
applying the augmentations of the build, and the losses and weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(83)
np.random.seed(83)
keras.utils.set_random_seed(83)

rng = np.random.default_rng(83)
X = tf.constant(rng.normal(size=(64, 6)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))

ENABLED = ["noise"]


def augment(x, *, enabled=ENABLED):
    if "flip" in enabled:
        x = tf.reverse(x, axis=[1])
    if "shift" in enabled:
        x = x + 0.5
    return x * (1.0 + 0.1 * len(enabled))


model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(4, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        xa = augment(x)
        loss = tf.reduce_mean(tf.square(model(xa) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(36):
    if step == 8:
        ENABLED.append("flip")
    if step == 15:
        ENABLED.append("shift")
    if step == 22:
        ENABLED.remove("flip")
    if step == 29:
        ENABLED.clear()
    i = (step * 8) % 56
    loss = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), ENABLED)

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()[:6]] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "enabled": ENABLED,
}))

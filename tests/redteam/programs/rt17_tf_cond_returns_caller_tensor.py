"""Curriculum mixing: the step chooses between the clean batch and the augmented
batch it was given with `tf.cond(easy, lambda: x_clean, lambda: x_aug)`, stores the
chosen tensor on the trainer and returns it; the loop checks which of its own tensors
came back (`chosen is xa` / `chosen is xb`).

Eager tf.cond calls the chosen branch and returns exactly what it returned: the
caller's own EagerTensor object, so exactly one of the identity checks holds at
every step, and the stored and returned objects are the caller's too.  A graph with
a real cond op would return a new tensor holding the same values: both checks
false, the counts in the JSON zero.  The predicate goes both ways during the run.
Probes: tensor identity through a library control-flow API (the graph output of a
cond standing for the caller's object)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3232)
rng = np.random.default_rng(3232)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Trainer:
    def __init__(self):
        self.last_input = None


TR = Trainer()


def train_step(x_clean, x_aug, y):
    probe = tf.reduce_mean(tf.square(x_clean @ W - y))
    chosen = tf.cond(probe < 1.0, lambda: x_clean, lambda: x_aug)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(chosen @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    TR.last_input = chosen
    return loss, chosen


counts = {"clean": 0, "aug": 0, "neither": 0, "stored_is_returned": 0}
for step in range(32):
    i = (step * 8) % 88
    xa = tf.constant(XS[i:i + 8])
    xb = tf.constant(XS[i:i + 8] * 1.1 + 0.05)
    loss, chosen = train_step(xa, xb, tf.constant(YS[i:i + 8]))
    which = "clean" if chosen is xa else ("aug" if chosen is xb else "neither")
    counts[which] += 1
    counts["stored_is_returned"] += TR.last_input is chosen
    print(step, repr(float(loss)), which)

del chosen, xa, xb
TR.last_input = None
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "counts": counts,
    "iterations": int(OPT.iterations.numpy()),
}))

"""Curriculum training: a tf.data.Dataset.from_generator whose Python generator reads a
global difficulty level (CURRICULUM["level"]) each time it makes an example, and prints
a line per example it makes.  The training step first raises the level by one when the
previous loss (a Python float it stored on the trainer) was below a threshold, then
pulls the next batch with `next(self.it)`, so the generator must see the level the
step just wrote, and its print must come after the step's own print.  Probes: Python
code run by tf.data (a from_generator generator) when the step pulls, reading Python
state the same call wrote just before the pull; the order of its output with the
step's; the levels seen by examples."""
import random

import numpy

random.seed(52)
numpy.random.seed(52)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5203)
rng = np.random.default_rng(5203)
BASE = rng.normal(size=(400, 3)).astype(np.float32)
CURRICULUM = {"level": 0, "made": 0}
LEVELS_SEEN = []


def gen():
    for k in range(400):
        lvl = CURRICULUM["level"]
        CURRICULUM["made"] += 1
        LEVELS_SEEN.append(lvl)
        print("  gen example", k, "level", lvl)
        x = BASE[k] * (1.0 + 0.1 * lvl)
        y = np.array([x[0] - 0.5 * x[2]], np.float32)
        yield x, y


DS = tf.data.Dataset.from_generator(
    gen, output_signature=(tf.TensorSpec((3,), tf.float32), tf.TensorSpec((1,), tf.float32)))
DS = DS.batch(2)
OPTS = tf.data.Options()
OPTS.autotune.enabled = False
OPTS.experimental_optimization.inject_prefetch = False
DS = DS.with_options(OPTS)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.1)
        self.it = iter(DS)
        self.last = 10.0
        self.raised = 0

    def train_step(self):
        if self.last < 0.002 and CURRICULUM["level"] < 40:
            CURRICULUM["level"] += 1
            self.raised += 1
            print("  step raises level to", CURRICULUM["level"])
        x, y = next(self.it)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        self.last = float(loss)
        return loss


T = Trainer()
for step in range(40):
    loss = T.train_step()
    print(step, repr(float(loss)), CURRICULUM)

print(json.dumps({
    "curriculum": CURRICULUM,
    "raised": T.raised,
    "levels_seen": LEVELS_SEEN,
    "w": [repr(float(v)) for v in T.model.layers[0].kernel.numpy().ravel()],
}))

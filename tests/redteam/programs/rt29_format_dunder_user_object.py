"""A program object with its own __format__ (no __str__) is formatted in an f-string
with a spec, f"{METER:>12}", printed in the step; __format__ reads the meter's total,
which the step increases after the print.  At step 15 the loop changes the meter's unit.
Probes: the program's __format__ run by FORMAT_WITH_SPEC in a converted step."""
import random

import numpy

random.seed(2905)
numpy.random.seed(2905)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2905)
rng = np.random.default_rng(2905)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Meter:
    def __init__(self):
        self.total = 0
        self.unit = "st"

    def __format__(self, spec):
        return format(f"{self.total}{self.unit}", spec)


METER = Meter()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    print(f"meter[{METER:>12}]")
    METER.total += 3
    return loss


for step in range(30):
    if step == 15:
        METER.unit = "ep"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "total": METER.total}))

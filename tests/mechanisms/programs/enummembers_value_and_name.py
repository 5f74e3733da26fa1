"""An Enum of phases whose values scale the loss: the step reads `PHASE.value` and
returns `PHASE.name` (enum.property descriptors, whose getter the builder inlines); the
loop switches the phase mid-run."""
import enum
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(71)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


class Phase(enum.Enum):
    WARMUP = 0.25
    MAIN = 1.0
    COOLDOWN = 0.5


PHASE = Phase.WARMUP


def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * PHASE.value
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, PHASE.name


for i in range(30):
    PHASE = Phase.WARMUP if i < 8 else Phase.MAIN if i < 22 else Phase.COOLDOWN
    loss, name = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), name, type(name).__name__)
print(json.dumps(w.numpy().ravel().tolist()))

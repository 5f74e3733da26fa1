"""An Enum whose own method reads `self.value` (`STAGE.factor()`), members compared with
`is` and `==` in the step, and the member's `name` stored on a log the loop prints."""
import enum
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(72)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


class Stage(enum.Enum):
    PROBE = 1
    FIT = 2
    POLISH = 3

    def factor(self):
        return 0.1 * self.value


STAGE = Stage.PROBE
LOG = []


def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * STAGE.factor()
    if STAGE is not Stage.PROBE:
        w.assign_sub(0.05 * tape.gradient(loss, w))
    LOG.append((STAGE.name, STAGE == Stage.POLISH))
    return loss


for i in range(30):
    STAGE = Stage.PROBE if i < 6 else Stage.FIT if i < 18 else Stage.POLISH
    loss = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), LOG[-1])
print(json.dumps(w.numpy().ravel().tolist()))

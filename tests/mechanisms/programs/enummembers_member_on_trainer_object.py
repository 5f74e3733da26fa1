"""A trainer keeps its mode as an Enum member on itself; the step reads
`self.mode.value` and `self.mode.name` and formats the name into a tag it stores; the
loop switches the mode, and once reassigns the same member."""
import enum
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(73)


class Mode(enum.Enum):
    FROZEN = "frozen"
    TUNE = "tune"


class Trainer:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
        self.mode = Mode.FROZEN
        self.tag = ""

    def train_step(self, x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w))
        lr = 0.0 if self.mode.value == "frozen" else 0.05
        self.w.assign_sub(lr * tape.gradient(loss, self.w))
        self.tag = f"{self.mode.name.lower()}-{len(self.mode.value)}"
        return loss


T = Trainer()
for i in range(30):
    if i == 10:
        T.mode = Mode.TUNE
    if i == 20:
        T.mode = Mode.TUNE
    loss = T.train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), T.tag, T.mode.name)
print(json.dumps(T.w.numpy().ravel().tolist()))

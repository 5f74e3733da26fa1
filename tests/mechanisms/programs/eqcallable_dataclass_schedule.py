"""A dataclass schedule with `__call__` (its generated `__eq__` is the program's code)
gives the step's rate: called in the step, it is inlined as the program's own
`__call__`; the loop replaces the schedule's fields mid-run."""
import dataclasses
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(59)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


@dataclasses.dataclass
class Warmup:
    base: float
    steps: int

    def __call__(self, step):
        return self.base * min(1.0, (step + 1) / self.steps)


SCHED = Warmup(0.1, 4)


def train_step(epoch, x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(SCHED(epoch) * tape.gradient(loss, w))
    return loss


for i in range(24):
    if i == 14:
        SCHED.base = 0.05
    loss = train_step(i // 6, tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), SCHED == Warmup(0.1, 4))
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))

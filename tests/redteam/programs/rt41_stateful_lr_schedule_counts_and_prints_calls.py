"""A LearningRateSchedule subclass written by the program that keeps Python state: it
counts how often Keras calls it (`self.calls += 1`), remembers the last step it saw
as a Python int (`self.last_step = int(step)`), prints a line on every tenth call,
and decays from a base the loop changes mid-run (`SCHED.base = ...`).  The step also
reads `OPT.learning_rate` itself (another schedule call).  Keras calls the schedule
from inside apply_gradients.  Probes: program code that library code calls back
while the step runs, writing Python state and printing, read again after the step."""
import random

import numpy

random.seed(60)
numpy.random.seed(60)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4152)
rng = np.random.default_rng(4152)
XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :1] - XS[:, 4:5])).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)


class CountingDecay(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, base):
        self.base = base
        self.calls = 0
        self.last_step = -1

    def __call__(self, step):
        self.calls += 1
        self.last_step = int(step)
        if self.calls % 10 == 0:
            print("  schedule call", self.calls, "at step", self.last_step)
        return self.base / (1.0 + 0.05 * tf.cast(step, tf.float32))

    def get_config(self):
        return {"base": self.base}


SCHED = CountingDecay(0.1)
OPT = keras.optimizers.SGD(learning_rate=SCHED)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    lr = OPT.learning_rate
    return loss, lr


for step in range(34):
    if step == 15:
        SCHED.base = 0.03
    i = (step * 8) % 64
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(lr)), SCHED.calls, SCHED.last_step)

print("W", [repr(float(v)) for v in W.numpy().ravel()], SCHED.calls)

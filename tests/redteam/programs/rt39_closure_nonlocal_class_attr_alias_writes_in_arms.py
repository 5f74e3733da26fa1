"""A trainer made by a factory: the step is a closure whose `nonlocal` counters (wins,
streak) are written on the arms of an `if` on a tensor and on a nested arm, a class
attribute `Stats.total` is incremented on one arm, and an object reached through two
names (`A` and `LIST[0]` are one object) has its attribute written through one name
on one arm and through the other on the other arm, then read back through the first
name after the branch.  Probes: closure cells, class attributes and aliased instance
attributes written in arms on tensors and read after the merge."""
import random

import numpy

random.seed(3913)
numpy.random.seed(3913)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3913)
rng = np.random.default_rng(3913)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
OFF = [0.0, 1.0, 0.4, 1.0, 0.0, 0.4, 0.4, 1.0, 0.0, 1.0, 0.4, 0.0, 1.0, 0.4, 0.4,
       0.4, 0.0, 1.0, 1.0, 0.4, 0.0, 1.0, 0.4, 0.0, 0.4, 1.0, 1.0, 0.0, 0.4, 0.4]


class Stats:
    total = 0


class Box:
    def __init__(self):
        self.v = 0


A = Box()
LIST = [A]


def make_trainer():
    wins = 0
    streak = 0

    def step(x, y, off):
        nonlocal wins, streak
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        g = tape.gradient(loss, [W])
        OPT.apply_gradients(zip(g, [W]))
        s = tf.minimum(loss, 0.3) + off
        if s > 0.6:
            wins += 1
            streak += 1
            Stats.total += 1
            A.v = A.v + 10
            if s > 1.1:
                streak = 0
                LIST[0].v += 1
        else:
            streak -= 1
            LIST[0].v = A.v - 3
        return loss, wins, streak, A.v

    def report():
        return wins, streak

    return step, report


STEP, REPORT = make_trainer()

for i_step in range(len(OFF)):
    i = (i_step * 8) % 56
    loss, wins, streak, av = STEP(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                                  tf.constant(OFF[i_step]))
    print(i_step, repr(float(loss)), wins, streak, av, REPORT(), Stats.total, A.v,
          LIST[0] is A, "total" in vars(Stats), "total" in vars(A))

print("W", W.numpy().ravel().tolist())
print("final", REPORT(), Stats.total, vars(A), [c.cell_contents for c in STEP.__closure__
                                                  if isinstance(c.cell_contents, int)])

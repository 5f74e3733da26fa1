"""print() of the program's objects whose __str__/__repr__/__format__ read state the same
step changes AFTER the print: a Tracker whose __repr__ shows its counter and the current
value of a tf.Variable (read at print time; the variable is updated later in the step),
a list printed before and after an append, and a Meter with a custom __format__ used in
an f-string with a spec. print's sep/end come from globals. Step 12: SEP changes and
END becomes "" for the first print (the next print continues the line). Step 19: the
Tracker class's __repr__ is replaced. Step 26: Meter.__format__ starts honouring the
spec differently (class attribute UNITS changes)."""
import random

import numpy as np
import tensorflow as tf

random.seed(167)
np.random.seed(167)
tf.random.set_seed(167)

rng = np.random.default_rng(199)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))


class Tracker:
    def __init__(self):
        self.count = 0

    def __repr__(self):
        return f"Tracker(count={self.count}, w00={float(W[0, 0]):.6f})"


class Meter:
    UNITS = "u"

    def __init__(self):
        self.value = 0.0

    def __format__(self, spec):
        return format(self.value, spec or ".3f") + self.UNITS


TR = Tracker()
M = Meter()
SEEN = []
SEP = " "
END = "\n"


def short_repr(self):
    return f"T<{self.count}>"


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    print("before", TR, SEEN[-2:], sep=SEP, end=END)
    TR.count += 1
    SEEN.append(TR.count)
    W.assign_sub(0.05 * g)
    M.value = float(loss)
    print("after", TR, SEEN[-2:], f"{M:.5f}", f"{M}", sep=SEP)
    return loss


for step in range(36):
    if step == 12:
        SEP = " | "
        END = " ;; "
    elif step == 19:
        Tracker.__repr__ = short_repr
    elif step == 26:
        Meter.UNITS = " units"
    i = (step * 16) % 48
    loss = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(loss)))

print("final", TR, len(SEEN), f"{M:.2e}")
print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))

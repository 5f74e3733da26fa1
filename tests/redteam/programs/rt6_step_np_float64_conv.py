"""numpy scalar conversions inside the step: np.float64(loss) (a float subclass whose
repr is 'np.float64(...)'), np.float32(loss), arithmetic that keeps or changes numpy
scalar types under NEP 50 (np.float32 + Python float stays float32), round() of numpy
scalars, .item(), and a running accumulator kept in the program's state. Step 12: the
conversion type CONV changes np.float64 -> np.float32. Step 19: CONV -> float (plain
Python). Step 26: CONV -> np.longdouble. Step 32: the accumulator is reset from outside
to a Python int 0."""
import random

import numpy as np
import tensorflow as tf

random.seed(53)
np.random.seed(53)
tf.random.set_seed(53)

rng = np.random.default_rng(83)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))

CONV = np.float64
STATE = {"acc": np.float64(0.0), "hist": []}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    v = CONV(loss)
    v32 = np.float32(loss)
    mixed = v32 + 0.1
    STATE["acc"] = STATE["acc"] + v
    STATE["hist"].append(v)
    r = round(v, 3)
    lr = 0.1 / (1.0 + v)
    W.assign_sub(lr * g)
    return v, v32, mixed, r, lr, isinstance(v, float), v32.item()


for step in range(36):
    if step == 12:
        CONV = np.float32
    elif step == 19:
        CONV = float
    elif step == 26:
        CONV = np.longdouble
    elif step == 32:
        STATE["acc"] = 0
    i = (step * 16) % 48
    out = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, " ".join(f"{type(o).__name__}:{o!r}" for o in out),
          f"acc={STATE['acc']!r}")

print("hist types", [type(h).__name__ for h in STATE["hist"]])
print("acc", repr(STATE["acc"]), type(STATE["acc"]).__name__)
print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))

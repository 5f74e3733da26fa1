"""Python numbers with negative operands and NaN carried across steps: divmod/%/// by MOD
and by floats, round() half-to-even, int() truncation, -0.0, and BEST = max(BEST, v)
starting from one NaN object (max keeps it: BEST stays that very object). At step 10 the
loop flips the global divisor MOD from 7 to -7; values and identities must match eager."""
import math

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(92)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(92)
X = tf.constant(rng.normal(size=(20, 3)))
Y = tf.constant(rng.normal(size=(20, 1)))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.5, name="w")
OPT = tf.keras.optimizers.SGD(0.05)
NAN0 = float("nan")
BEST = NAN0
LOW = NAN0
MOD = 7
ROWS = []


def train_step():
    global BEST, LOW
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(X, W) - Y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    v = float(loss)
    n = int(v * 1000) - 1200
    BEST = max(BEST, v)
    LOW = min(v, LOW)
    row = (divmod(n, MOD), n % MOD, n // MOD, -n // MOD, divmod(v - 1.2, MOD / 2),
           (-v) % 0.3, v // -0.1, round(v * 10 - 12.5), round(-v, 2), int(-v * 3),
           v * -0.0, n / MOD, (n * 1.0) ** 2 % MOD, math.isnan(BEST), BEST != BEST)
    ROWS.append(row)
    return loss


for i in range(30):
    if i == 10:
        MOD = -7
    loss = train_step()
    print(i, repr(ROWS[-1]), BEST is NAN0, NAN0 in [BEST], repr(LOW), LOW is NAN0, repr(float(loss)))

print("summary", len(ROWS), BEST is NAN0, repr(BEST), repr(LOW), repr(ROWS[-1][0]))

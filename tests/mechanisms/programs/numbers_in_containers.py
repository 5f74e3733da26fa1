"""Carried numbers inside containers: a dict of running sums and a list of per-step
floats; the step stores ints and floats there, checks `type(v) is int`, and the loop
replaces an entry with a float mid-run (step 9) and clears the list (step 15)."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(13)
rng = np.random.default_rng(13)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(np.zeros((3, 1)))
SUMS = {"loss": 0.0, "count": 0, "best": None}
HISTORY = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    value = float(loss)
    SUMS["loss"] = SUMS["loss"] + value
    SUMS["count"] = SUMS["count"] + 1
    if SUMS["best"] is None or value < SUMS["best"]:
        SUMS["best"] = value
    HISTORY.append(value)
    return type(SUMS["count"]) is int, type(SUMS["loss"]).__name__, SUMS["count"] // 2


for step in range(24):
    if step == 9:
        SUMS["count"] = 9.0
    if step == 15:
        HISTORY.clear()
    print(step, *train_step(X, Y), repr(SUMS["loss"]), len(HISTORY))
print("SUMS", SUMS, [type(v).__name__ for v in SUMS.values()], HISTORY[-1] is HISTORY[-1])

"""Printing containers the step mutated before and between its prints: a STATS dict
printed twice per call, a history list and a list of tuples. At step 11 the loop deletes
STATS['best'], so the step re-inserts it at the end of the dict: key order in every later
print changes; dict/list contents printed must be exactly the interpreter's."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(82)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(82)
X = tf.constant(rng.normal(size=(20, 3)))
Y = tf.constant(rng.normal(size=(20, 1)))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.4, name="w")
OPT = tf.keras.optimizers.SGD(0.04)
STATS = {"loss": 0.0, "best": float("inf"), "n": 0}
HIST = []
PAIRS = []


def train_step(i):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(X, W) - Y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    v = float(loss)
    STATS["n"] += 1
    print("before", STATS, end=" ")
    STATS["loss"] = round(v, 6)
    if v < STATS.get("best", float("inf")):
        STATS["best"] = round(v, 6)
    HIST.append(round(v, 4))
    PAIRS.append((i, HIST[-1], STATS["n"] % 3 == 0))
    print("after", STATS, HIST[-3:], PAIRS[-2:], len(HIST))
    return loss


for i in range(30):
    if i == 11:
        del STATS["best"]
    train_step(i)

print("summary", list(STATS), STATS, len(PAIRS), repr(float(tf.reduce_sum(W))))

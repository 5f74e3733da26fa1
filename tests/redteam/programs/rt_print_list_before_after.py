"""The step prints a history list before and after appending to it (and prints a dict of
running stats it updates in between); the loop empties the list in place at step 10
(del HIST[:]) and rebinds the name to a fresh list holding a tuple at step 19. A converter
that formats the container after the call, or guards its old length/identity, prints wrong."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(31)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(9)
X = tf.constant(rng.normal(size=(24, 3)))
Y = tf.constant(rng.normal(size=(24, 1)))
W = tf.Variable(np.zeros((3, 1)))

HIST = []
STATS = {"n": 0, "best": None}


def train_step(x, y):
    print("  before", HIST[-3:], len(HIST))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + 0.01 * tf.reduce_sum(W * W)
    g = tape.gradient(loss, W)
    W.assign_sub(0.1 * g)
    lv = round(float(loss), 6)
    STATS["n"] += 1
    print("  stats", STATS)
    if STATS["best"] is None or lv < STATS["best"]:
        STATS["best"] = lv
    HIST.append(lv)
    print("  after", HIST[-3:], len(HIST), STATS)
    return loss


for step in range(30):
    if step == 10:
        del HIST[:]
    if step == 19:
        HIST = [("restart", step)]
    loss = train_step(X, Y)
    print(step, repr(float(loss)), len(HIST))

print("HIST", HIST)
print("STATS", STATS)
print("W", W.numpy().ravel().tolist())

"""min/max of three or four numbers the step computes (and a constant): Python keeps the
first extreme, an object among its arguments, which the step compares with `is` and
stores."""
import random, json
import numpy as np, tensorflow as tf
random.seed(0); np.random.seed(0)
rng = np.random.default_rng(11)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
KEEP = {}
def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    v = float(loss)
    a, b, c = v, v * 2.0, round(v * 4) / 4
    hi = max(a, b, c)
    lo = min(c, a, b, 0.5)
    KEEP["hi"], KEEP["b"], KEEP["lo"], KEEP["c"] = hi, b, lo, c
    return loss, hi is b, lo is c, max(a, a, a) is a
for i in range(16):
    loss, x1, x2, x3 = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), repr(KEEP["hi"]), repr(KEEP["lo"]), x1, x2, x3, KEEP["hi"] is KEEP["b"], KEEP["lo"] is KEEP["c"])

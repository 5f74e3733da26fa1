"""A rebound builtin: the step reports with plain print(). At step 10 the loop installs a
rank-prefixing wrapper (`builtins.print = ranked_print`, as distributed launchers do) that counts
its calls and keeps the last message; the step's print now resolves to it through builtins.
Expects the prefixed lines, the wrapper's call count and last message as in the interpreter."""
import builtins

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1515)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(1515)
X = tf.constant(rng.normal(size=(28, 4)))
Y = tf.constant((X.numpy()[:, :1] > 0).astype(np.float64))

ORIGINAL_PRINT = builtins.print
PRINT_LOG = {"calls": 0, "last": None}


def ranked_print(*args, **kwargs):
    PRINT_LOG["calls"] += 1
    PRINT_LOG["last"] = " ".join(str(a) for a in args)
    ORIGINAL_PRINT(f"[rank 0 | {PRINT_LOG['calls']:02d}]", *args, **kwargs)


W = tf.Variable(tf.zeros((4, 1), tf.float64))
B = tf.Variable(tf.zeros((1,), tf.float64))


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        z = tf.matmul(x, W) + B
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=z))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(0.8 * gw)
    B.assign_sub(0.8 * gb)
    acc = float(tf.reduce_mean(tf.cast(tf.equal(tf.cast(z > 0, tf.float64), y), tf.float64)))
    print(f"step {step:2d} loss={float(loss)!r}", f"acc={acc:.4f}", sep=" | ")
    return loss


LOSSES = []
try:
    for step in range(30):
        if step == 10:
            builtins.print = ranked_print
        LOSSES.append(float(train_step(X, Y, step)))
finally:
    builtins.print = ORIGINAL_PRINT

print(f"final wrapper_calls={PRINT_LOG['calls']} last={PRINT_LOG['last']!r} loss={LOSSES[-1]!r}")

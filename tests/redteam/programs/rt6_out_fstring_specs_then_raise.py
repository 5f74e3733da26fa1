"""Formatted output of tensors and numpy values with format specs taken from globals
(nested specs f"{x:{SPEC}}"), format() of an EagerTensor scalar, %-formatting, str()/
repr() of numpy scalars, '{:>12}'.format of a tensor, percent and sign specs, and then a
step that raises AFTER printing, tf.print-ing (to stdout) and updating a variable when a
Python-side check fails. The driver catches the exception and prints it. Step 12: SPEC
changes from ".6f" to "+.3e". Step 17: WIDTH changes. Step 22: the raise threshold
MAX_LOSS drops so that some later steps raise. Step 30: SPEC becomes "" (plain str())."""
import random
import sys

import numpy as np
import tensorflow as tf

random.seed(107)
np.random.seed(107)
tf.random.set_seed(107)

rng = np.random.default_rng(149)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)) * 1.5, dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))
COUNTER = tf.Variable(0, dtype=tf.int64)

SPEC = ".6f"
WIDTH = 12
MAX_LOSS = 1e9
DONE = []


class LossTooHigh(Exception):
    pass


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.02 * g)
    COUNTER.assign_add(1)
    v32 = loss.numpy()
    print(f"[{step:03d}] loss={loss:{SPEC}} np={v32!r} pct={float(loss) / 10:+.2%}")
    print("fmt %-8.4f|%5d|%s" % (float(loss), step, str(np.float64(v32))))
    print("{:>{w}}|{:^9.3f}|".format(format(loss, ".4f"), float(g[0, 0]), w=WIDTH))
    tf.print("tfprint", step, loss, output_stream=sys.stdout)
    if float(loss) > MAX_LOSS:
        raise LossTooHigh(f"step {step}: {float(loss):.4f} > {MAX_LOSS}")
    DONE.append(step)
    print("ok", step)
    return loss


for step in range(36):
    if step == 12:
        SPEC = "+.3e"
    elif step == 17:
        WIDTH = 20
    elif step == 22:
        MAX_LOSS = 2.5
    elif step == 30:
        SPEC = ""
    i = (step * 16) % 48
    try:
        train_step(X[i:i + 16], Y[i:i + 16], step)
    except LossTooHigh as e:
        print("caught", type(e).__name__, e)

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))), "COUNTER", int(COUNTER.numpy()))
print("DONE", len(DONE), DONE[-5:])

"""A step that writes its log to a text stream and reads the stream back in the same
call: print(..., file=LOG), LOG.write(...) (its return value used), then LOG.tell(),
len(LOG.getvalue()) and the last line of LOG.getvalue() decide what the step prints to
stdout and whether it rotates the log (LOG.seek(0); LOG.truncate()). It also adds the
return value of sys.stdout.write to a counter. Step 13: the rotate threshold LIMIT
drops so rotation starts happening inside the step. Step 20: LOG is replaced by a new
StringIO with a prefilled header. Step 28: the stream's position is moved from outside
(LOG.seek(10)) so the step's next writes overwrite old text mid-line."""
import io
import random
import sys

import numpy as np
import tensorflow as tf

random.seed(103)
np.random.seed(103)
tf.random.set_seed(103)

rng = np.random.default_rng(139)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))

LOG = io.StringIO()
LIMIT = 100000
STATS = {"written": 0, "rotations": 0, "stdout_chars": 0}


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    print(f"s{step} loss={float(loss):.5f}", file=LOG)
    n = LOG.write(f"s{step} gnorm={float(tf.norm(g)):.5f}\n")
    STATS["written"] += n
    pos = LOG.tell()
    size = len(LOG.getvalue())
    last = LOG.getvalue().splitlines()[-1]
    if pos > LIMIT:
        LOG.seek(0)
        LOG.truncate()
        STATS["rotations"] += 1
    STATS["stdout_chars"] += sys.stdout.write(f"step {step} pos={pos} size={size} last={last!r}\n")
    return loss


for step in range(36):
    if step == 13:
        LIMIT = 90
    elif step == 20:
        LOG = io.StringIO()
        LOG.write("# header line\n")
    elif step == 28:
        LOG.seek(10)
    i = (step * 16) % 48
    loss = train_step(X[i:i + 16], Y[i:i + 16], step)
    print("  ", repr(float(loss)), STATS["written"], STATS["rotations"])

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
print("STATS", STATS, "LOG at", LOG.tell())
print(LOG.getvalue(), end="")

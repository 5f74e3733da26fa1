"""The step writes a CSV row to the global text stream LOGFILE with `LOGFILE.write(...)`,
counts the characters written (write's return value) in BYTES, and also reports through
`tf.print(..., output_stream=sys.stdout)` and `print`. At step 15 the loop rotates the log:
the old StringIO goes into ROTATED and LOGFILE is bound to a fresh one; eager's later rows go
to the new stream only."""
import io
import sys

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(518)

rng = np.random.default_rng(22)
XS = rng.normal(size=(64, 3)).astype("float32")
YS = (XS @ np.array([[0.3], [-0.7], [1.1]]) + rng.normal(size=(64, 1))).astype("float32")
W = tf.Variable(tf.zeros([3, 1]))
LOGFILE = io.StringIO()
ROTATED = []
BYTES = 0


def train_step(step, x, y):
    global BYTES
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.2 * tape.gradient(loss, W))
    print("  py", step, end=" |")
    sys.stdout.flush()
    tf.print(" tf", tf.reduce_sum(W), output_stream=sys.stdout)
    BYTES += LOGFILE.write(f"{step},{float(loss):.7f}\n")
    return loss


for step in range(30):
    if step == 15:
        ROTATED.append(LOGFILE)
        LOGFILE = io.StringIO()
    i = (step * 8) % 56
    loss = train_step(step, tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), BYTES)
    sys.stdout.flush()

print("rotated rows", ROTATED[0].getvalue().splitlines())
print("current rows", LOGFILE.getvalue().splitlines())

"""Probes output written to `sys.stdout.buffer` (the binary layer under the text
stream) from inside the step, interleaved with `print` to `sys.stdout`.

The step prints its loss, writes a byte marker with `sys.stdout.buffer.write(MARK)`
(MARK is a bytes global the loop changes at steps 12 and 24) and counts the bytes it
wrote from `write()`'s return value.  Eager's bytes reach the stream between the
step's print and the loop's next output, so the output file interleaves the text lines
and the markers call by call; every 10 steps the loop flushes and prints the count.

A conversion that writes the bytes once at build time, or defers them with the prints
(in another order), or drops them, gives other output bytes and counts.
"""
import json
import random
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2026)
random.seed(2026)
np.random.seed(2026)
rng = np.random.default_rng(2026)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)

MARK = b"[tick]\n"
WRITTEN = [0]


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    print("step", step, "loss", round(float(loss), 6))
    n = sys.stdout.buffer.write(MARK)
    WRITTEN[0] += n
    return loss


sys.stdout.flush()
for step in range(36):
    if step == 12:
        MARK = b"[TOCK]\n"
    if step == 24:
        MARK = b"<>\n"
    i = (step * 8) % 56
    train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    if step % 10 == 9:
        sys.stdout.flush()
        print("flushed at", step, WRITTEN[0])

sys.stdout.flush()
print(json.dumps({
    "written": WRITTEN[0],
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))

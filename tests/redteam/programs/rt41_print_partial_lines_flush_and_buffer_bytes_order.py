"""A step that reports through print() (flush=True every fourth step), the text
stream's write() and a print(end="") that leaves a line open; between steps the loop
writes a raw progress byte to sys.stdout.buffer.  CPython's text layer keeps pending text
in the TextIOWrapper until it flushes it, so bytes written to the underlying buffer
can appear before earlier print() text in the file; what the file ends up holding is
the interpreter's interleaving.  Probes: output order across the text and binary
layers of sys.stdout around a converted step, partial lines and flushes."""
import random
import sys

import numpy

random.seed(52)
numpy.random.seed(52)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4144)
rng = np.random.default_rng(4144)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 0.6 + 0.1).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Ctr:
    n = 0
    flush = False


CTR = Ctr()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    CTR.n += 1
    print("step", CTR.n, "loss", float(loss), flush=CTR.flush)
    sys.stdout.write("w ")
    print(CTR.n, end=" ")
    print("partial", end="")
    return loss


for step in range(32):
    i = (step * 8) % 56
    CTR.flush = step % 4 == 0
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    sys.stdout.buffer.write(b"#")
    print("after", step, repr(float(loss)))

sys.stdout.flush()
print("W", [repr(float(v)) for v in W.numpy().ravel()])

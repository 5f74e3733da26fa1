"""A data-decided `while` loop (runs until the state's norm passes a bound, 2-6 times) prints
many kinds of values per iteration: a float16 tensor, a bool tensor, an int64 tensor's
.numpy() array, a Python float carried through the loop with repr() and format specs
'.3e' and '+08.2f', round(x, 2), a %-format with %5.1f%%, print(sep=' | ', end=';\\n'), and
sys.stdout.write of a str made from a carried int.  A graph replays loop prints from
per-iteration TensorArrays after the run: each must come out as the interpreter wrote it,
in order.  At step 11 the global BOUND changes, and at step 19 the global SEP.
Probes: deferred output inside loops on tensors."""
import random

import numpy

random.seed(3727)
numpy.random.seed(3727)

import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3727)
rng = np.random.default_rng(3727)
XS = (rng.normal(size=(64, 3)) * 0.4).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.03)
BOUND = 3.0
SEP = " | "


def train_step(x):
    with tf.GradientTape() as tape:
        h = x
        acc = 0.0
        k = 0
        while tf.norm(h) < BOUND and k < 6:
            h = tf.tanh(h @ W) * 1.3 + 0.2
            m = tf.reduce_mean(h)
            acc = acc + float(m) * 1.5
            k += 1
            print("  it", tf.cast(m, tf.float16), m > 0.3, tf.cast(h[0] * 100, tf.int64).numpy(),
                  sep=SEP, end=";\n")
            print("  acc", repr(acc), f"{acc:.3e}", f"{acc:+08.2f}", round(acc, 2),
                  "%5.1f%%" % (acc * 10))
            sys.stdout.write("  k=" + str(k) + "\n")
        loss = tf.reduce_mean(tf.square(h - 0.4)) + 0.01 * tf.reduce_sum(tf.square(W))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, k, acc


for step in range(24):
    if step == 11:
        BOUND = 4.0
    if step == 19:
        SEP = ", "
    j = (step * 4) % 60
    loss, k, acc = train_step(tf.constant(XS[j:j + 4]))
    print(step, float(loss).hex(), k, repr(acc))

print("final", [float(v).hex() for v in W.numpy().ravel()], BOUND, SEP)

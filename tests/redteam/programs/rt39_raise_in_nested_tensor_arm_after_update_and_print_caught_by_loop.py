"""The step prints a line, applies the update, bumps an attribute, and then on a nested
arm of an `if` on a tensor (loss spike: batch mean target plus a per-call offset above
two thresholds) prints a warning and raises a custom `SpikeError` carrying the step
number; on the outer arm only it halves a Python scale attribute.  The loop catches
SpikeError, prints the message, and continues.  Eagerly the update, the print and the
attribute writes before the raise stay done.  Spikes occur at calls 2, 9, 17, 23.
Probes: a raise inside a nested arm after updates, prints and writes that eager keeps."""
import random

import numpy

random.seed(3946)
numpy.random.seed(3946)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3946)
rng = np.random.default_rng(3946)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
OFF = [0.0] * 28
for k in (2, 9, 17, 23):
    OFF[k] = 3.0
for k in (1, 5, 12, 20):
    OFF[k] = 1.5


class SpikeError(Exception):
    pass


class St:
    calls = 0
    scale = 1.0


def train_step(step, x, y, off):
    print("  step", step, "start")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * St.scale
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    St.calls += 1
    s = tf.reduce_mean(y) + off
    if s > 1.0:
        St.scale = St.scale * 0.5
        if s > 2.0:
            print("  spike at", step, "scale", St.scale)
            raise SpikeError(f"spike {step}")
    return loss


for step in range(len(OFF)):
    i = (step * 8) % 56
    try:
        loss = train_step(step, tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                          tf.constant(OFF[step]))
        print(step, repr(float(loss)), St.calls, repr(St.scale))
    except SpikeError as e:
        print(step, "caught", e, St.calls, repr(St.scale), int(OPT.iterations))

print("W", W.numpy().ravel().tolist())
print("St", St.calls, St.scale, int(OPT.iterations))

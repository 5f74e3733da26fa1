"""Two heads share a trunk; an `if` on a tensor uses head A on one arm and head B on the
other inside the tape.  The step asks for the gradients of all three variables: eagerly
the head not used on the path taken gets None.  The step filters the None gradients
out in Python (`[(g, v) for g, v in zip(...) if g is not None]`), counts them per head
in a dict of ints written after the branch, and applies the rest with Adam (whose slots
then move only for the used head).  Probes: None versus a zero gradient for a variable
read only in the other arm of a branch on a tensor."""
import random

import numpy

random.seed(3911)
numpy.random.seed(3911)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3911)
rng = np.random.default_rng(3911)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
TRUNK = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5, name="trunk")
HA = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4, name="head_a")
HB = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4, name="head_b")
VARS = [TRUNK, HA, HB]
OPT = keras.optimizers.Adam(learning_rate=0.02)
OPT.build(VARS)
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]
NONES = {"trunk": 0, "head_a": 0, "head_b": 0}


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ TRUNK)
        if tf.reduce_mean(y) + off > 0.5:
            out = h @ HA
        else:
            out = h @ HB
        loss = tf.reduce_mean(tf.square(out - y))
    grads = tape.gradient(loss, VARS)
    for g, v in zip(grads, VARS):
        if g is None:
            NONES[v.name[:-2]] += 1
    pairs = [(g, v) for g, v in zip(grads, VARS) if g is not None]
    OPT.apply_gradients(pairs)
    return loss, len(pairs)


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                         tf.constant(OFF[step]))
    print(step, repr(float(loss)), n, sorted(NONES.items()), int(OPT.iterations))

for v in VARS:
    print(v.name, v.numpy().ravel().tolist())
print("slots", [s.numpy().ravel()[:3].tolist() for s in OPT.variables[1:]])

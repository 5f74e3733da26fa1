"""A tape with `watch_accessed_variables=False` watches the trunk kernel always and the
head kernel only on one arm of an `if` on a tensor inside the `with` block (fine-tuning
the head on "hard" batches only).  After the block the step asks for both gradients,
replaces a None by zeros, counts the Nones in a global, and applies both with Adam
(whose moments then move for the head only on watched calls, zero gradient or not).
Both arms run early and later.  Probes: `tape.watch(variable)` inside one arm of a
branch on a tensor under `watch_accessed_variables=False`."""
import random

import numpy

random.seed(3944)
numpy.random.seed(3944)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3944)
rng = np.random.default_rng(3944)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
TRUNK = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
HEAD = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.Adam(0.02)
OPT.build([TRUNK, HEAD])
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]
NONES = 0


def train_step(x, y, off):
    global NONES
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(TRUNK)
        if tf.reduce_mean(y) + off > 0.5:
            tape.watch(HEAD)
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ TRUNK) @ HEAD - y))
    gt, gh = tape.gradient(loss, [TRUNK, HEAD])
    if gh is None:
        NONES += 1
        gh = tf.zeros_like(HEAD)
    OPT.apply_gradients([(gt, TRUNK), (gh, HEAD)])
    return loss, tf.norm(gh)


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss, nh = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(OFF[step]))
    print(step, repr(float(loss)), repr(float(nh)), NONES)

print("TRUNK", TRUNK.numpy().ravel().tolist())
print("HEAD", HEAD.numpy().ravel().tolist())

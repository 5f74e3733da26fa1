"""Two regression heads share a trunk; an `if` on a tensor (batch mean target plus a
per-call offset) uses head A on one arm and head B on the other, inside the tape.  After
the `with` block the step asks `tape.watched_variables()` (eagerly: only the variables
read on the path taken), takes the gradients with respect to exactly those (zeros for
unconnected ones) and applies them with Adam, so Adam's slots and step only move for
the variables watched.  The step prints the loss, how many variables were watched and
their names.  Probes: the tape's Python-visible list of watched variables after a
branch on a tensor."""
import random

import numpy

random.seed(3910)
numpy.random.seed(3910)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3910)
rng = np.random.default_rng(3910)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
TRUNK = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5, name="trunk")
HA = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4, name="head_a")
HB = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4, name="head_b")
OPT = keras.optimizers.Adam(learning_rate=0.02)
OPT.build([TRUNK, HA, HB])
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ TRUNK)
        if tf.reduce_mean(y) + off > 0.5:
            out = h @ HA
        else:
            out = h @ HB
        loss = tf.reduce_mean(tf.square(out - y))
    vs = tape.watched_variables()
    grads = tape.gradient(loss, vs, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    OPT.apply_gradients(zip(grads, vs))
    return loss, len(vs), [v.name for v in vs]


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss, n, names = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                                tf.constant(OFF[step]))
    print(step, repr(float(loss)), n, names, int(OPT.iterations))

for v in (TRUNK, HA, HB):
    print(v.name, v.numpy().ravel().tolist())
print("slots", [s.numpy().ravel()[:3].tolist() for s in OPT.variables[1:]])

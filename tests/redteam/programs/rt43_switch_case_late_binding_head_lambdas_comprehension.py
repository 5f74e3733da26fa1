"""Multi-head training where the step builds its per-head branch functions with a list
comprehension, `[lambda: x @ HEAD_W[k] * SCALES[k] for k in range(3)]`, and picks one
with `tf.switch_case(head_t, branches)`.  The lambdas close over the comprehension's `k`
(a cell shared by all of them, PEP 709 inlines the comprehension), so in eager every
branch sees the last value, k == 2: whichever index is picked, head 2 is used (a classic
late-binding bug that real code ships with).  A second switch_case uses the default-arg
idiom `lambda k=k: ...`, which binds each k.  The head index is a tensor that cycles, and
SCALES is edited by the caller at step 14.  Probes: tf.switch_case with lambdas made by a
comprehension, closing over a shared cell."""
import random

import numpy

random.seed(4316)
numpy.random.seed(4316)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4316)
rng = np.random.default_rng(4316)
XS = rng.normal(size=(120, 5)).astype(np.float32)
YS = (XS[:, :2] @ np.array([[1.0], [-0.5]])).astype(np.float32)
HEAD_W = [tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3) for _ in range(3)]
OPT = keras.optimizers.SGD(learning_rate=0.03)
SCALES = [1.0, 0.5, 2.0]


def train_step(x, y, head_t):
    with tf.GradientTape() as tape:
        late = [lambda: x @ HEAD_W[k] * SCALES[k] for k in range(3)]
        bound = [lambda k=k: x @ HEAD_W[k] * SCALES[k] for k in range(3)]
        p_late = tf.switch_case(head_t, late)
        p_bound = tf.switch_case(head_t, bound)
        loss = tf.reduce_mean(tf.square(p_late - y)) + 0.5 * tf.reduce_mean(tf.square(p_bound - y))
    grads = tape.gradient(loss, HEAD_W, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    OPT.apply_gradients(zip(grads, HEAD_W))
    return loss, tf.reduce_sum(p_late), tf.reduce_sum(p_bound)


for step in range(30):
    if step == 14:
        SCALES[2] = 1.25
    i = (step * 12) % 108
    loss, a, b = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]), tf.constant(step % 3))
    print(step, repr(float(loss)), repr(float(a)), repr(float(b)))

print(json.dumps({"heads": [[repr(float(v)) for v in w.numpy().ravel()] for w in HEAD_W]}))

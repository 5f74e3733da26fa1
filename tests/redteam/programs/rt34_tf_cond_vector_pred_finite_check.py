"""Gradient skipping with tf.cond(tf.math.is_finite(norms), apply, skip) where norms holds
two gradient norms (a vector, not reduce_all'ed).  Eagerly tf.cond takes the Python
truth of the predicate's value: a two-element array raises ValueError ('truth value
... ambiguous'), which the step catches, falling back to tf.reduce_all.  cond_v2
squeezes the predicate and the If op treats a non-scalar predicate as 'non-empty
means True', so in a graph the apply branch always runs, also when a norm is inf.
Every fifth batch holds an inf.  Probes: tf.cond's eager implementation vs cond_v2 on
a non-scalar predicate."""
import random

import numpy

random.seed(3422)
numpy.random.seed(3422)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3422)
rng = np.random.default_rng(3422)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS @ np.array([[0.7], [-0.2], [0.4]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
B = tf.Variable(np.zeros((1,), np.float32))
COUNTS = {"vector_pred": 0, "reduced_pred": 0}


def yes():
    return tf.constant(True)


def no():
    return tf.constant(False)


def train_step(x, y, scale):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y)) * scale
    gw, gb = tape.gradient(loss, [W, B])
    norms = tf.stack([tf.norm(gw), tf.norm(gb)])
    try:
        applied = tf.cond(tf.math.is_finite(norms), yes, no)
        COUNTS["vector_pred"] += 1
    except ValueError:
        applied = tf.cond(tf.reduce_all(tf.math.is_finite(norms)), yes, no)
        COUNTS["reduced_pred"] += 1
    W.assign_sub(tf.where(applied, 0.05 * gw, tf.zeros_like(gw)))
    B.assign_sub(tf.where(applied, 0.05 * gb, tf.zeros_like(gb)))
    return loss, applied


for step in range(40):
    i = (step * 8) % 88
    scale = float("inf") if step % 5 == 4 else 1.0
    loss, applied = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), scale)
    print(step, float(loss), bool(applied))

print("counts", COUNTS)
print("w", [float(v).hex() for v in W.numpy().ravel()], float(B.numpy()[0]).hex())

"""Alternating fine-tuning of two heads: tf.switch_case(phase, [pick_a, pick_b]) with
module-level branch functions that return the head *variables* themselves.  Eagerly
switch_case just calls the chosen function, so the result is the tf.Variable object
(`chosen is HEAD_A`, and its .name, are those of the variable); a traced switch_case
turns branch outputs into tensors (a read of the variable).  The step records the
identity test and trains with tape.gradient(loss, chosen) on the returned object.
Probes: values library control flow hands back eagerly as they are."""
import random

import numpy

random.seed(3438)
numpy.random.seed(3438)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3438)
rng = np.random.default_rng(3438)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ np.array([[0.6], [-0.3], [0.2], [0.9]], np.float32)).astype(np.float32)
HEAD_A = tf.Variable(np.zeros((4, 1), np.float32), name="head_a")
HEAD_B = tf.Variable(np.zeros((4, 1), np.float32), name="head_b")
SEEN = []


def pick_a():
    return HEAD_A


def pick_b():
    return HEAD_B


def train_step(x, y, phase):
    with tf.GradientTape() as tape:
        chosen = tf.switch_case(phase, [pick_a, pick_b])
        loss = tf.reduce_mean(tf.square(x @ chosen - y))
    SEEN.append((chosen is HEAD_A, chosen is HEAD_B, isinstance(chosen, tf.Variable)))
    g = tape.gradient(loss, chosen)
    if isinstance(chosen, tf.Variable):
        chosen.assign_sub(0.05 * g)
    return loss


for step in range(36):
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(step % 2))
    print(step, float(loss).hex(), SEEN[-1])

print("a", [float(v).hex() for v in HEAD_A.numpy().ravel()])
print("b", [float(v).hex() for v in HEAD_B.numpy().ravel()])

"""Augmentation by policy with op-seeded randomness: `tf.switch_case(policy, [none,
jitter, dropout])` where the jitter branch draws `tf.random.uniform(shape, -a, a,
seed=5)` and the dropout branch calls `tf.nn.dropout(x, 0.2, seed=9)`.  An op seed makes
eager cache one kernel per seed whose stream goes on from call to call, and only the
branch taken draws.  janus documents seeded draws inside a tf.cond as refused; here they
sit in switch_case branch functions.  The policy cycles with the step; the jitter
amplitude is a global changed at step 13.  Probes: op-seeded TF draws inside
tf.switch_case branches."""
import random

import numpy

random.seed(4353)
numpy.random.seed(4353)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4353)
rng = np.random.default_rng(4353)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 1:2]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
AMP = 0.1


def train_step(x, y, policy):
    xa = tf.switch_case(policy, [lambda: x,
                                 lambda: x + tf.random.uniform(tf.shape(x), -AMP, AMP, seed=5),
                                 lambda: tf.nn.dropout(x, 0.2, seed=9)])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xa @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, tf.reduce_sum(xa)


for step in range(30):
    if step == 13:
        AMP = 0.3
    i = (step * 16) % 112
    loss, s = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), tf.constant(step % 3))
    print(step, repr(float(loss)), repr(float(s)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

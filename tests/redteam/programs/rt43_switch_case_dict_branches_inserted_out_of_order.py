"""Augmentation-policy training: the step picks one of three input transforms with
`tf.switch_case(policy_index, BRANCHES)` where BRANCHES is a dict built in the order the
policies were registered, `{2: cutout, 0: identity, 1: jitter}`.  tf.switch_case sorts a
dict's (key, fn) pairs by key: index k always runs the function registered under k,
whatever the insertion order.  The policy index is a tensor computed from the batch (a
hash of its first feature) so it cycles through all three values, and the jitter scale is
a Python float the caller changes at step 15.  A converted switch_case that took the
dict's values in insertion order would run other transforms.  Probes:
tf.switch_case given a dict whose keys are not in order, branches closing over the
step's locals."""
import random

import numpy

random.seed(4307)
numpy.random.seed(4307)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4307)
rng = np.random.default_rng(4307)
XS = rng.normal(size=(120, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.02)
JITTER = 0.25
USED = []


def train_step(x, y, policy):
    mask = tf.constant([1.0, 1.0, 0.0, 0.0, 1.0, 1.0])
    branches = {}
    branches[2] = lambda: x * mask
    branches[0] = lambda: x
    branches[1] = lambda: x * (1.0 + JITTER) - JITTER
    xa = tf.switch_case(policy, branches)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xa @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, tf.reduce_sum(xa)


for step in range(30):
    if step == 15:
        JITTER = 0.5
    i = (step * 12) % 108
    policy = tf.constant((step * 7 + step // 4) % 3, tf.int32)
    loss, xs = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]), policy)
    USED.append(int(policy))
    print(step, int(policy), repr(float(loss)), repr(float(xs)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "used": USED}))

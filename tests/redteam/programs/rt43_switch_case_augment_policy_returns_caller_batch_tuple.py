"""Augmentation policy training: `tf.switch_case(policy_t, [keep, flip, replay])` where
`keep` returns the caller's batch tuple unchanged (`lambda: batch`), `flip` builds a new
tuple `(-x, y)`, and `replay` returns the previous batch the caller also passes
(`lambda: prev`).  The step keeps the batch it trained on (`AUG.last = chosen`) and the
caller checks `AUG.last is batch` / `is prev`.  Eager's switch_case hands back exactly
the object the chosen function returned.  janus keeps the identity of a tuple an arm
leaves; switch_case is a chain of such branches (a branch inside a branch for the later
indices).  The policy cycles with the step and the caller stops passing a distinct
previous batch at step 15 (prev is batch).  Probes: identity of caller tuples returned
through tf.switch_case branch lambdas."""
import random

import numpy

random.seed(4321)
numpy.random.seed(4321)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4321)
rng = np.random.default_rng(4321)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (np.abs(XS[:, :1]) + XS[:, 1:2]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Aug:
    last = None


AUG = Aug()


def train_step(batch, prev, policy_t):
    x0, y0 = batch
    chosen = tf.switch_case(policy_t, [lambda: batch, lambda: (-x0, y0), lambda: prev])
    x, y = chosen
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.relu(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    AUG.last = chosen
    return loss


prev = None
for step in range(30):
    i = (step * 16) % 112
    batch = (tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    if prev is None or step >= 15:
        prev = batch
    loss = train_step(batch, prev, tf.constant((step * 5 + step // 3) % 3))
    print(step, repr(float(loss)), type(AUG.last).__name__, AUG.last is batch, AUG.last is prev)
    prev = batch

print(json.dumps({"W2": [repr(float(v)) for v in W2.numpy().ravel()]}))

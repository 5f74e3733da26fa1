"""Curriculum targets picked by tf.switch_case whose branches are callable objects:
`Stage(tensor)` instances (a class with `__call__`) hold the cached target tensors of
three curriculum stages.  The stage index is computed in the step from the running loss
and the step records the stage it trained on by identity (`targets is STAGES[k].t`); the
caller does the same with the returned tensor.  The index jumps between stage 0 and
stage 2 as the loss falls and rises again.  Probes: identity of caller-held tensors returned
by tf.switch_case branches that are callable objects rather than functions."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4410)
rng = np.random.default_rng(4410)
XS = rng.normal(size=(8, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.04)


class Stage:
    def __init__(self, t):
        self.t = t

    def __call__(self):
        return self.t


STAGES = [Stage(tf.constant(rng.normal(size=(8, 2)).astype(np.float32) * s)) for s in (0.2, 0.6, 1.0)]


class Tally:
    def __init__(self):
        self.by_stage = [0, 0, 0]
        self.loss = tf.constant(5.0)


TL = Tally()


def train_step(x):
    k = tf.cast(TL.loss < 0.5, tf.int32) + tf.cast(TL.loss < 0.2, tf.int32)
    targets = tf.switch_case(k, STAGES)
    if targets is STAGES[0].t:
        TL.by_stage[0] += 1
    elif targets is STAGES[1].t:
        TL.by_stage[1] += 1
    else:
        TL.by_stage[2] += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - targets))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    TL.loss = loss
    return loss, targets, k


for step in range(30):
    loss, targets, k = train_step(tf.constant(XS))
    print(step, repr(float(loss)), int(k), [targets is s.t for s in STAGES], TL.by_stage)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "by_stage": TL.by_stage}))

"""tf.switch_case picks one of three branch functions by a stage the step computes from
the data; each reads a tensor from an attribute of a plain object the loop replaces
every call (`STATE.offset`).  The branches ran eagerly while janus profiled the step:
while janus builds they are run by the builder, which reads the attribute at each call."""
import json
import random
import types

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(72)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
STATE = types.SimpleNamespace(offset=None)


def low():
    return STATE.offset * 1.0


def middle():
    return STATE.offset * 2.0


def high():
    return STATE.offset * 3.0


def train_step(x):
    stage = tf.cast(tf.clip_by_value(tf.reduce_sum(x) + 1.5, 0.0, 2.0), tf.int32)
    with tf.GradientTape() as tape:
        shift = tf.switch_case(stage, [low, middle, high])
        loss = tf.reduce_mean(tf.square(x @ W + shift))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    return loss, stage


for i in range(24):
    STATE.offset = tf.constant(0.1 * (i % 5), tf.float32)
    loss, stage = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), int(stage))
STATE.offset = None
print(json.dumps([repr(float(v)) for v in W.numpy().ravel()]))

"""Exploration noise drawn only when needed: the step draws from an explicit
`tf.random.Generator` inside one arm of a branch on the loss (`if loss > thr: noise =
GEN.normal(...)` else no draw), so the generator's state moves only on calls that take
that arm.  The threshold makes the branch go both ways from step 12 on.  The final
generator state and the next draw are printed.  janus turns a branch seen both ways
into a tf.cond; the stateful draw inside one arm must move the state only when that
arm runs."""
import random

import numpy

random.seed(103)
numpy.random.seed(103)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4303)
rng = np.random.default_rng(4303)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.8).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
GEN = tf.random.Generator.from_seed(99)
THR = 100.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    if loss > THR:
        g = g + 0.1 * GEN.normal(g.shape)
    W.assign_sub(0.05 * g)
    return loss


for step in range(30):
    if step == 12:
        THR = 0.03
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [int(v) for v in GEN.state.numpy()])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "next": repr(float(GEN.normal([]).numpy()))}))

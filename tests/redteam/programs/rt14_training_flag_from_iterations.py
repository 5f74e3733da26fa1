"""A "frozen-BN window" schedule written against the optimizer's step counter:
the step reads `it = int(OPT.iterations)` (a variable read, so a Python int the graph
computes) and derives Python bools from it -- `bn_train = it % 9 < 6` is passed as
`training=` to the BatchNormalization+Dropout block (in eager: Keras' own Python `if`
decides whether batch statistics are used and whether moving_mean/variance are
assigned, and Dropout only drops when training), and `warm = it < 12` picks a loss
weight.  Mid-run the loop also assigns OPT.iterations directly (a resume from a
checkpoint at iteration 40), which moves the schedule.

Probes: a Python bool derived from a variable read fed into library code's own Python
control flow.  A converter must either branch over both versions of Keras' code (BN
training vs inference, moving-stat updates only in one arm) or speculate and fall
back; one that bakes the profiled value of `bn_train`, or that reads `OPT.iterations`
once at build time, keeps updating (or freezing) BN statistics at the wrong steps.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1419)
rng = np.random.default_rng(1419)

N_STEPS = 40
XS = (rng.normal(size=(N_STEPS, 8, 5)) * 2.0 + 1.0).astype(np.float32)
YS = np.tanh(XS[:, :, :1] - XS[:, :, 1:2]).astype(np.float32)

DENSE = keras.layers.Dense(6)
BN = keras.layers.BatchNormalization(momentum=0.8)
DROP = keras.layers.Dropout(0.2, seed=9)
HEAD = keras.layers.Dense(1)
DENSE.build((None, 5))
BN.build((None, 6))
HEAD.build((None, 6))
VARS = DENSE.trainable_variables + BN.trainable_variables + HEAD.trainable_variables
OPT = keras.optimizers.Adam(learning_rate=0.02)
OPT.build(VARS)
LOG = []


def train_step(x, y):
    it = int(OPT.iterations)
    bn_train = it % 9 < 6
    warm = it < 12
    with tf.GradientTape() as tape:
        h = BN(DENSE(x), training=bn_train)
        h = DROP(tf.nn.relu(h), training=bn_train)
        loss = tf.reduce_mean(tf.square(HEAD(h) - y)) * (2.0 if warm else 1.0)
    OPT.apply_gradients(zip(tape.gradient(loss, VARS), VARS))
    LOG.append((it, bn_train, warm))
    return loss


for step in range(N_STEPS):
    if step == 25:
        OPT.iterations.assign(40)
    loss = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    it, bn_train, warm = LOG[-1]
    print(step, it, bn_train, warm, repr(float(loss)),
          "mm=%r" % float(BN.moving_mean.numpy()[0]),
          "mv=%r" % float(BN.moving_variance.numpy()[0]),
          "seed=%s" % [int(v) for v in DROP.seed_generator.state.numpy()])

print(json.dumps({
    "moving_mean": [repr(float(v)) for v in BN.moving_mean.numpy()],
    "moving_var": [repr(float(v)) for v in BN.moving_variance.numpy()],
    "kernel": [repr(float(v)) for v in DENSE.kernel.numpy().ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "trained_bn_steps": sum(1 for _, b, _ in LOG if b),
}))

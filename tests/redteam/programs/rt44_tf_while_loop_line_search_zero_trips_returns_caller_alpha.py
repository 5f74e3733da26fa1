"""A step with a backtracking line search written as tf.while_loop over [trial, alpha]:
it halves alpha while the trial loss at w - alpha * g is above the Armijo bound, then
applies the step.  The caller passes the starting alpha ALPHA0 (one tensor object for the
whole run) and the step records whether the search kept it (`alpha is ALPHA0`, true
eagerly exactly when the loop body never ran).  Early on the search always halves at
least once; from step 12 on the loop passes a small fine-tuning alpha (another tensor
object, ALPHA_FINE) whose first trial is accepted, so the loop runs zero times.  Probes: identity of a caller tensor passed through
tf.while_loop after zero iterations of a data-dependent loop, after the profiled calls
always iterated."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4405)
rng = np.random.default_rng(4405)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32) * 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 2.0)
ALPHA0 = tf.constant(0.9)
ALPHA_FINE = tf.constant(0.04)


class Log:
    kept = 0
    halved = 0


LOG = Log()


def loss_at(x, y, w):
    return tf.reduce_mean(tf.square(x @ w - y))


def train_step(x, y, alpha0):
    with tf.GradientTape() as tape:
        loss = loss_at(x, y, W)
    g = tape.gradient(loss, W)
    gn2 = tf.reduce_sum(g * g)

    def cond(trial, alpha):
        return tf.logical_and(trial < 8, loss_at(x, y, W - alpha * g) > loss - 0.3 * alpha * gn2)

    def body(trial, alpha):
        return [trial + 1, alpha * 0.5]

    trials, alpha = tf.while_loop(cond, body, [tf.constant(0), alpha0])
    W.assign_sub(alpha * g)
    if alpha is alpha0:
        LOG.kept += 1
    else:
        LOG.halved += 1
    return loss, trials, alpha


for step in range(32):
    i = (step * 8) % 120
    a0 = ALPHA0 if step < 12 else ALPHA_FINE
    loss, trials, alpha = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), a0)
    print(step, repr(float(loss)), int(trials), repr(float(alpha)), alpha is a0,
          LOG.kept, LOG.halved)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "log": [LOG.kept, LOG.halved]}))

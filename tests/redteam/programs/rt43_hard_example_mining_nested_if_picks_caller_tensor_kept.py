"""Hard-example mining: the caller passes the current batch's inputs plus two cached
"hard" input tensors from earlier steps; the step measures the loss on the current batch
and picks which inputs to train on with a chained Python conditional on tensors,
`xs = hard_a if loss > hi else (hard_b if loss > lo else x)`, then keeps the chosen
tensor as the mining state (`MINER.last = xs`) and returns it.  The caller asks which of
its tensors was used (`MINER.last is x` / `is hard_a` / `is hard_b`) to decide what to
cache next.  In eager the stored and returned tensor is the caller's own object.  janus
keeps a caller's tensor an arm leaves (`Origin.chosen`); here the choice is a branch
inside a branch.  The thresholds move at step 12 so that each arm runs after conversion.
Probes: identity of caller tensors chosen by nested branches on tensors."""
import random

import numpy

random.seed(4324)
numpy.random.seed(4324)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4324)
rng = np.random.default_rng(4324)
XS = rng.normal(size=(160, 6)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 2) + XS[:, 1:2]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 12)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(12, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.01)
BOUNDS = {"hi": 50.0, "lo": 40.0}


class Miner:
    last = None


MINER = Miner()


def model(x):
    return tf.tanh(x @ W1) @ W2


def train_step(x, y, hard_a, hard_b):
    cur = tf.reduce_mean(tf.square(model(x) - y))
    xs = hard_a if cur > BOUNDS["hi"] else (hard_b if cur > BOUNDS["lo"] else x)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(xs) - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    MINER.last = xs
    return loss, cur, xs


hard_a = tf.constant(XS[140:156])
hard_b = tf.constant(XS[120:136])
for step in range(30):
    if step == 12:
        BOUNDS["hi"] = 0.6
        BOUNDS["lo"] = 0.45
    i = (step * 16) % 112
    x = tf.constant(XS[i:i + 16])
    loss, cur, xs = train_step(x, tf.constant(YS[i:i + 16]), hard_a, hard_b)
    which = [MINER.last is x, MINER.last is hard_a, MINER.last is hard_b, xs is MINER.last]
    print(step, repr(float(loss)), repr(float(cur)), which)
    if step % 5 == 4:
        hard_b = x

print(json.dumps({"W2": [repr(float(v)) for v in W2.numpy().ravel()]}))

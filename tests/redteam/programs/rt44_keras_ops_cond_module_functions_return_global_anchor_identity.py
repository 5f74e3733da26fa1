"""A contrastive step that picks its anchor embedding table with keras.ops.cond(pred,
use_main, use_ema), where use_main/use_ema are module-level functions returning the
global tensors MAIN_ANCHORS / EMA_ANCHORS (refreshed by the loop every 8 steps, as new
tensor objects).  Eagerly keras.ops.cond of a tensor predicate calls the branch taken
and hands back its result, the global tensor itself; the step remembers which table it
used with `anchors is EMA_ANCHORS` and the caller compares the returned tensor with both
globals.  The predicate (running loss below a bound) is false in the profiled calls and
true on many later ones.  Probes: identity of global tensors returned through
keras.ops.cond branches that are plain module functions."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4409)
rng = np.random.default_rng(4409)
XS = rng.normal(size=(128, 6)).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 4)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.05)
MAIN_ANCHORS = tf.constant(rng.normal(size=(5, 4)).astype(np.float32))
EMA_ANCHORS = tf.constant(rng.normal(size=(5, 4)).astype(np.float32))


def use_main():
    return MAIN_ANCHORS


def use_ema():
    return EMA_ANCHORS


class State:
    def __init__(self):
        self.running = tf.constant(10.0)
        self.ema_uses = 0


ST = State()


def train_step(x):
    anchors = keras.ops.cond(ST.running < 2.2, use_ema, use_main)
    if anchors is EMA_ANCHORS:
        ST.ema_uses += 1
    with tf.GradientTape() as tape:
        z = tf.math.l2_normalize(x @ W, axis=1)
        a = tf.math.l2_normalize(anchors, axis=1)
        sim = z @ tf.transpose(a) * 5.0
        loss = tf.reduce_mean(tf.reduce_logsumexp(sim, axis=1) - sim[:, 0])
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    ST.running = 0.7 * ST.running + 0.3 * loss
    return loss, anchors


for step in range(32):
    if step % 8 == 7:
        EMA_ANCHORS = EMA_ANCHORS * 0.9 + MAIN_ANCHORS * 0.1
    i = (step * 8) % 120
    loss, anchors = train_step(tf.constant(XS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(ST.running)), anchors is MAIN_ANCHORS,
          anchors is EMA_ANCHORS, ST.ema_uses)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "ema_uses": ST.ema_uses}))

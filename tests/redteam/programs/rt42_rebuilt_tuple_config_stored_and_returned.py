"""A hyper-parameter tuple (momentum, clip) is rebuilt by the caller each step from a
list (`tuple(cfg_list)`: a new tuple object with equal items).  The step stores it on
the trainer, returns it, and appends it to a history list; the caller checks
`trainer.cfg is cfg`, `ret is cfg` and whether consecutive history entries are the same
object (a dedup helper uses `is`).  From step 12 the caller reuses one tuple object.
janus guards tuples item by item, so equal tuples share a graph; it must still store
and return the caller's own tuple each call."""
import random

import numpy

random.seed(11)
numpy.random.seed(11)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4204)
rng = np.random.default_rng(4204)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 2:3] ** 2).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
B = tf.Variable(np.zeros((1,), np.float32))
VEL = [tf.Variable(tf.zeros_like(W)), tf.Variable(tf.zeros_like(B))]


class Trainer:
    def __init__(self):
        self.cfg = None
        self.history = []

    def step(self, x, y, cfg):
        mom, clip = cfg
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W + B - y))
        grads = tape.gradient(loss, [W, B])
        grads = [tf.clip_by_value(g, -clip, clip) for g in grads]
        for v, var, g in zip(VEL, [W, B], grads):
            v.assign(mom * v + g)
            var.assign_sub(0.05 * v)
        self.cfg = cfg
        self.history.append(cfg)
        return loss, cfg


tr = Trainer()
cfg_list = [0.9, 0.5]
kept = None
for step in range(30):
    i = (step * 8) % 56
    if step < 12:
        cfg = tuple(cfg_list)
    else:
        if kept is None:
            kept = tuple(cfg_list)
        cfg = kept
    loss, ret = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), cfg)
    h = tr.history
    print(step, repr(float(loss)), tr.cfg is cfg, ret is cfg,
          (len(h) > 1 and h[-1] is h[-2]))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": repr(float(B.numpy()[0])),
    "hist_same": [a is b for a, b in zip(tr.history, tr.history[1:])],
}))

"""A curriculum of three loss terms kept in an OrderedDict SCHED; its keys, values and
items views are made once and kept in globals.  The step weights each term by its
position in the items view (enumerate), takes the first key with next(iter(SKEYS)) and
the last value with next(reversed(SVALS)), and sums the values view.  The loop reorders
the OrderedDict with move_to_end (to the end, and to the front with last=False), which
changes the OrderedDict's own order but not where the keys sit in the dict's storage, and
edits a value.
Probes: views of an OrderedDict (odict_keys/odict_values/odict_items, subclasses of the
plain dict views) held across calls: their iteration follows the OrderedDict's linked
order, not the underlying dict table."""
import random

import numpy

random.seed(5407)
numpy.random.seed(5407)

import json
from collections import OrderedDict

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5407)
rng = np.random.default_rng(5407)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ np.array([[0.3], [-0.7], [1.2], [0.05]], np.float32) + 0.2).astype(np.float32)

W = tf.Variable(tf.random.normal((4, 1), seed=3) * 0.2)
B = tf.Variable(tf.zeros((1,)))
SCHED = OrderedDict([("mse", 1.0), ("l1", 0.4), ("wd", 0.02)])
SKEYS = SCHED.keys()
SVALS = SCHED.values()
SITEMS = SCHED.items()
LR = 0.05


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = tf.matmul(x, W) + B - y
        terms = {"mse": tf.reduce_mean(err * err), "l1": tf.reduce_mean(tf.abs(err)), "wd": tf.reduce_sum(W * W)}
        loss = 0.0
        for pos, (name, c) in enumerate(SITEMS):
            loss = loss + (1.0 + 0.5 * pos) * c * terms[name]
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(LR * gw)
    B.assign_sub(LR * gb)
    first = next(iter(SKEYS))
    last = next(reversed(SVALS))
    return loss, first, last, sum(SVALS), list(SKEYS)


for step in range(36):
    if step == 7:
        SCHED.move_to_end("mse")
    if step == 13:
        SCHED.move_to_end("wd", last=False)
    if step == 19:
        SCHED["l1"] = 0.8
    if step == 24:
        SCHED.move_to_end("l1", last=False)
    if step == 30:
        SCHED.move_to_end("wd", last=False)
        SCHED.move_to_end("l1")
    i = (step * 8) % 80
    try:
        loss, first, last, tot, keys = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), first, last, repr(tot), keys)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "b": repr(float(B.numpy()[0])),
                  "sched": list(SCHED.items()), "dict_order": list(dict(SCHED))}))

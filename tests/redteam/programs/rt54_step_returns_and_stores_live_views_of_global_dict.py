"""The step writes its running statistics into a global dict STATS (new keys appear in
some calls) and returns STATS.items(); it also stores STATS.keys() on a Recorder object
(rec.keys_view) at every call.  The loop keeps the first returned view and every fifth
one in HELD, edits STATS from outside after the step (adds and removes keys), and prints
the held views, which are live: each shows STATS as it is now, however old the view.  It
also checks `type(view).__name__`, len() of the stored keys view and that it is live.
Probes: dict views a converted step returns or stores must be views of the caller's own
dict (not of a copy the call worked on, nor a snapshot), so later edits show in them."""
import random

import numpy

random.seed(5415)
numpy.random.seed(5415)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5415)
rng = np.random.default_rng(5415)
XS = rng.normal(size=(88, 3)).astype(np.float32)
YS = (XS[:, :1] - 2.0 * XS[:, 1:2] + 0.7).astype(np.float32)

W = tf.Variable(tf.zeros((3, 1)))
B = tf.Variable(tf.zeros((1,)))
STATS = {"calls": 0}


class Recorder:
    keys_view = None


REC = Recorder()
HELD = []
LR = 0.05


def train_step(x, y, tag):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(LR * gw)
    B.assign_sub(LR * gb)
    STATS["calls"] = STATS["calls"] + 1
    STATS[tag] = float(loss)
    REC.keys_view = STATS.keys()
    return loss, STATS.items()


for step in range(36):
    tag = "p%d" % (step // 9)
    try:
        loss, view = train_step(tf.constant(XS[(step * 8) % 80:(step * 8) % 80 + 8]),
                                tf.constant(YS[(step * 8) % 80:(step * 8) % 80 + 8]), tag)
        if step % 5 == 0:
            HELD.append(view)
        if step % 7 == 3:
            STATS["outside_%d" % step] = step
        if step == 20:
            del STATS["p0"]
        print(step, repr(float(loss)), type(view).__name__, len(view), len(REC.keys_view),
              "outside_3" in REC.keys_view, [len(h) for h in HELD])
        print("   first held:", HELD[0])
    except Exception as e:
        print(step, "error", type(e).__name__, e)
del view

STATS["final"] = -1
print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "b": repr(float(B.numpy()[0])),
                  "held": [list(h) for h in HELD], "rec": list(REC.keys_view)}))

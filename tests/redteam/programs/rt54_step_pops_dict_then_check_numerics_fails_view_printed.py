"""A step that consumes work from a dict before it can fail: it pops the newest pending
task with PENDING.popitem(), records it in DONE (a dict) and in a live keys view's dict,
applies the update, and then checks the loss with tf.debugging.check_numerics; a few
batches hold a NaN label, so that check raises InvalidArgumentError after the pops,
records and updates (in eager the update and the Python writes before the check have
happened; the loop catches the error).  The loop refills PENDING and prints held views of
PENDING and DONE after every call, failed or not.
Probes: partial effects of a call that raises after destructive dict operations
(popitem, setdefault) and a variable update: exactly eager's partial state, once."""
import random

import numpy

random.seed(5433)
numpy.random.seed(5433)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5433)
rng = np.random.default_rng(5433)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ np.array([[0.1], [0.5], [-0.5], [1.0]], np.float32)).astype(np.float32)
YS[[19, 60, 61]] = np.nan

W = tf.Variable(tf.zeros((4, 1)))
PENDING = {"t0": 0.5, "t1": 1.0}
DONE = {}
PV = PENDING.keys()
DV = DONE.items()
LR = 0.05


def train_step(x, y):
    name, scale = PENDING.popitem()
    DONE.setdefault(name, 0)
    DONE[name] = DONE[name] + 1
    with tf.GradientTape() as tape:
        loss = scale * tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(LR * tf.where(tf.math.is_finite(g), g, 0.0))
    tf.debugging.check_numerics(loss, "loss")
    return loss, name


for step in range(36):
    if len(PENDING) < 2:
        PENDING["t%d" % (step % 4)] = 0.25 * (1 + step % 3)
    i = (step * 8) % 80
    try:
        loss, name = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), name, list(PV), list(DV))
    except Exception as e:
        print(step, "error", type(e).__name__, str(e).splitlines()[0], list(PV), list(DV))

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "done": DONE, "pending": PENDING}))

"""Per-variable learning-rate schedules hung on tf.Variables as dict attributes
(W.sched = {0: 0.1, 12: 0.05}, a milestone -> lr table).  The step keeps its own call
counter in a global dict, and for each variable picks the lr of the latest milestone
reached: max(k for k in v.sched if k <= n), reads v.sched[...] and also the last-inserted
milestone next(reversed(v.sched)) for its log.  The loop inserts milestones (out of
order), edits an lr in place, replaces one variable's whole dict, and adds a schedule to
a variable that had none (getattr(v, "sched", None)).
Probes: dicts held in a tf.Variable's attributes, mutated in place by the loop (new int
keys, edited values) and read by keys-iteration, item reads and reversed() in the step."""
import random

import numpy

random.seed(5427)
numpy.random.seed(5427)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5427)
rng = np.random.default_rng(5427)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ np.array([[0.3], [0.6], [-0.9], [0.1]], np.float32) - 0.4).astype(np.float32)

W = tf.Variable(tf.zeros((4, 1)), name="w")
B = tf.Variable(tf.zeros((1,)), name="b")
W.sched = {0: 0.1, 12: 0.05}
COUNT = {"n": 0}
BASE_LR = 0.02


def train_step(x, y):
    n = COUNT["n"]
    COUNT["n"] = n + 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) + B - y))
    grads = tape.gradient(loss, [W, B])
    used = []
    for v, g in zip([W, B], grads):
        sched = getattr(v, "sched", None)
        if sched is None:
            lr = BASE_LR
            last = None
        else:
            lr = sched[max(k for k in sched if k <= n)]
            last = next(reversed(sched))
        v.assign_sub(lr * g)
        used.append((lr, last))
    return loss, used


for step in range(38):
    if step == 5:
        W.sched[8] = 0.2
    if step == 10:
        W.sched[3] = 0.3
    if step == 14:
        W.sched[12] = 0.01
    if step == 18:
        B.sched = {0: 0.5}
    if step == 24:
        W.sched = {0: 0.02, 30: 0.08}
        B.sched[20] = 0.1
    if step == 31:
        del B.sched
    i = (step * 8) % 80
    try:
        loss, used = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), used)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "b": repr(float(B.numpy()[0])),
                  "sched": sorted(W.sched.items()), "n": COUNT["n"]}))

"""Evaluation code without a GradientTape (janus takes such functions over when they run TF
ops in many calls): evaluate(x, y) computes three metrics, combines them with weights read
through an items view MW_ITEMS = METRIC_W.items() kept in a global, names the metric with
the least weight via min(METRIC_W, key=METRIC_W.get), and keeps per-metric bests with
BEST.setdefault(name, v) and BEST[name] = min(BEST[name], v) (min keeps one of the two
float objects).  A plain training step runs before it each iteration.  The loop edits
weights (making a tie, so min's key picks the first), adds a metric and removes one.
Probes: hot no-tape code reading a dict view held in a global, min with key=dict.get over
ties, setdefault/min identity of floats stored in a dict across calls."""
import random

import numpy

random.seed(5428)
numpy.random.seed(5428)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5428)
rng = np.random.default_rng(5428)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.0], [-0.5], [0.5]], np.float32)).astype(np.float32)
XV = rng.normal(size=(32, 4)).astype(np.float32)
YV = (XV @ np.array([[1.0], [0.0], [-0.5], [0.5]], np.float32)).astype(np.float32)

W = tf.Variable(tf.zeros((4, 1)))
METRIC_W = {"mse": 1.0, "mae": 0.5, "max": 0.1}
MW_ITEMS = METRIC_W.items()
BEST = {}
LR = 0.03


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(LR * g)
    return loss


def evaluate(x, y):
    err = tf.matmul(x, W) - y
    metrics = {"mse": tf.reduce_mean(err * err), "mae": tf.reduce_mean(tf.abs(err)),
               "max": tf.reduce_max(tf.abs(err)), "med": tf.reduce_mean(tf.sort(tf.abs(err), axis=0)[14:18])}
    score = 0.0
    for name, w in MW_ITEMS:
        v = float(metrics[name])
        score = score + w * v
        prev = BEST.setdefault(name, v)
        BEST[name] = min(prev, v)
    least = min(METRIC_W, key=METRIC_W.get)
    return score, least


for step in range(36):
    if step == 7:
        METRIC_W["max"] = 0.5
    if step == 12:
        METRIC_W["med"] = 0.2
    if step == 17:
        METRIC_W["max"] = 0.2
    if step == 23:
        del METRIC_W["mae"]
    if step == 29:
        METRIC_W["mse"] = 0.1
    i = (step * 8) % 80
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        score, least = evaluate(tf.constant(XV), tf.constant(YV))
        print(step, repr(float(loss)), repr(score), least, BEST)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "best": BEST}))

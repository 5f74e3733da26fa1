"""A stats dict owned by the loop is passed to the step, which increments counters,
adds a key the first time a loss bucket is seen (bucket from a Python int the graph
computes, so the key set depends on data), prints the dict whole in the middle of
the step, and pops a key at the end.  Between calls the loop pops and re-inserts keys
(changing insertion order) and from step 12 adds a nested list that the step also
appends to before the print.  janus prints a caller's container as the caller's
object with the call's writes replayed up to the print."""
import random

import numpy

random.seed(112)
numpy.random.seed(112)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4312)
rng = np.random.default_rng(4312)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 3:4] * 2.0).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))


def train_step(x, y, stats):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    stats["calls"] += 1
    bucket = min(int(float(loss) * 2), 3)
    stats["b%d" % bucket] = stats.get("b%d" % bucket, 0) + 1
    if "trail" in stats:
        stats["trail"].append(bucket)
    print("stats", stats)
    stats.pop("tmp", None)
    return loss


stats = {"calls": 0, "tmp": 1}
for step in range(30):
    if step % 4 == 0:
        v = stats.pop("calls")
        stats["calls"] = v
    stats["tmp"] = step
    if step == 12:
        stats["trail"] = []
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), stats)
    print(step, repr(float(loss)), list(stats))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "stats": stats}))

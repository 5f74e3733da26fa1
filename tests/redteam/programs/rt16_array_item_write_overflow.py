"""Compact per-phase hit counters: HITS = array.array("B", ...) (unsigned char) counts how
many batches each phase bucket has seen, incremented by the step *before* its optimizer
update, and LAST = bytearray(4) records the last bucket byte.  After 255 hits a bucket
overflows: `HITS[k] += 1` raises OverflowError ("unsigned byte integer is greater than
maximum") in eager right there, so that step applies no update; the loop catches it,
widens the array to "H" and goes on.  The loop pre-loads one bucket near the limit.  A
graph that deferred the array item write to its commit would apply the update first and
raise afterwards (or not at all).  Probes: item writes into typed C buffers
(array.array, bytearray) that fail on the value, before an update."""
import array
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1637)
rng = np.random.default_rng(1637)

XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (XS[:, :1] - 2.0 * XS[:, 4:]).astype(np.float32)
W = tf.Variable(tf.zeros([5, 1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)
HITS = array.array("B", [0, 250, 0, 0])
LAST = bytearray(4)


def train_step(x, y, k):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    HITS[k] += 1
    LAST[k] = HITS[k] % 256
    OPT.apply_gradients(zip(grads, [W]))
    return loss


overflows = []
for step in range(30):
    k = 1 if step % 2 else step % 4
    i = (step * 8) % 64
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), k)
        print(step, k, repr(float(loss)), list(HITS), list(LAST))
    except OverflowError as e:
        overflows.append(step)
        print(step, k, "overflow:", e, "iterations", int(OPT.iterations.numpy()), list(HITS))
        if HITS.typecode == "B" and step >= 20:
            HITS = array.array("H", HITS)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "hits": list(HITS),
    "typecode": HITS.typecode,
    "last": list(LAST),
    "overflows": overflows,
    "iterations": int(OPT.iterations.numpy()),
}))

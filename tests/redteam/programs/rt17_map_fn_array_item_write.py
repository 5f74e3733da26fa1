"""Per-example augmentation with tf.map_fn(augment, x); `augment` counts the
examples it processed in an array.array('q') of the program's (HITS[0] += 1) and
reads a per-run jitter level from the same array (HITS[1], set by the loop at steps
10 and 20).

In eager, tf.map_fn runs its while loop in Python: `augment` runs once per example,
so HITS[0] grows by the batch size per call and every example reads the current
HITS[1].  A graph traces the body once: an array item write made while tracing, if
deferred to the commit, would add one per call instead of the batch size, and an
item read baked into the body would freeze the jitter level.  The JSON shows the
array's contents, the weights and the losses.  The batch size changes at step 15.
Probes: item writes to an array.array inside a library loop body (tf.map_fn)."""
import array
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2929)
rng = np.random.default_rng(2929)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
HITS = array.array("q", [0, 0])
NOISE = tf.constant(rng.normal(size=(6,)).astype(np.float32))


def augment(row):
    HITS[0] += 1
    return row + (HITS[1] / 100.0) * NOISE


def train_step(x, y):
    with tf.GradientTape() as tape:
        xa = tf.map_fn(augment, x)
        loss = tf.reduce_mean(tf.square(xa @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for step in range(30):
    if step == 10:
        HITS[1] = 20
    if step == 20:
        HITS[1] = 5
    b = 8 if step < 15 else 6
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + b]), tf.constant(YS[i:i + b]))
    print(step, repr(float(loss)), HITS.tolist())

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "hits": HITS.tolist(),
    "iterations": int(OPT.iterations.numpy()),
}))

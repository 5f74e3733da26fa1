"""A multi-task regression loop whose target transforms come from a table of functions
that each return a one-item list of a one-item list (`[[target]]`: a list of target
groups, each a list of targets, as the config builds them).  The step picks the transform
per batch with `tf.case([(p0, f0), (p1, f1)], default=f2)` (strict=False, tf.case's
default).  Eager's tf.case nests one tf.cond per pair, and every level unpacks a one-item
list: the first pair's result is unpacked once (a list comes back), the second pair's
and the default's twice (a tensor comes back).  The step normalises with
`res[0] if isinstance(res, list) else res` and records the type name it saw.  janus says
each of tf.case's conds unpacks as eager's; this probes the depth of that unpacking once
the batch statistics pick the second pair after step 11.  Probes: tf.case strict=False
with nested one-item results, branches closing over the step's labels."""
import random

import numpy

random.seed(4305)
numpy.random.seed(4305)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4305)
rng = np.random.default_rng(4305)
XS = rng.normal(size=(160, 5)).astype(np.float32)
XS[80:] += 1.0
XS[128:] += 1.0
YS = np.cos(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.Adam(learning_rate=0.02)
SEEN = []


def train_step(x, y):
    m = tf.reduce_mean(x)
    res = tf.case([(m < 0.5, lambda: [[y]]),
                   (m < 1.5, lambda: [[y * 0.5 + 0.25]])],
                  default=lambda: [[tf.tanh(y)]])
    kind = type(res).__name__
    tgt = res[0] if isinstance(res, list) else res
    if isinstance(tgt, list):
        tgt = tgt[0]
    with tf.GradientTape() as tape:
        out = tf.tanh(x @ W1) @ W2
        loss = tf.reduce_mean(tf.square(out - tgt))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    SEEN.append(kind)
    return loss, kind


for step in range(30):
    i = (step * 16) % 144 if step < 11 else (80 + step * 16) % 160 if step % 3 else (step * 16) % 64
    loss, kind = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, i, kind, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "seen": SEEN,
}))

"""The step (which computes gradients but leaves the update to the loop) calls the
program's own @tf.function `probe`, whose graph holds a tf.numpy_function: a Python
callback that appends to a global list and prints, at graph RUN time, between the step's
own prints.  After the call the step checks its batch with tf.debugging.assert_less against
the global LIMIT.  Every third batch holds an outlier (7.0); at step 10 the program lowers
LIMIT from 10.0 to 3.0, so from then on those steps raise AFTER the callback ran; the loop
catches it.  Eager: the callback runs exactly once per call (also in the
failing ones) and its print sits between "pre" and "post".  Probes: host callbacks hidden
inside the program's traced functions: their output order, and whether a failed graph
call followed by an interpreter re-run runs them twice."""
import json
import sys

import numpy as np
import tensorflow as tf

sys.stdout.reconfigure(line_buffering=True)
tf.keras.utils.set_random_seed(1210)
rng = np.random.default_rng(1210)

XS = rng.normal(size=(30, 8, 3)).astype(np.float32)
XS = np.clip(XS, -2.5, 2.5)
for k in range(1, 30, 3):
    XS[k, 0, 0] = 7.0
YS = (XS.sum(axis=2, keepdims=True) * 0.3).astype(np.float32)
W = tf.Variable(np.full((3, 1), 0.1, np.float32))
CALLS = []
LIMIT = 10.0
FAILED = []


def record(s):
    CALLS.append(round(float(s), 4))
    print("  cb", len(CALLS), CALLS[-1])
    return np.float32(1.0)


@tf.function
def probe(x):
    s = tf.reduce_sum(x)
    scale = tf.numpy_function(record, [s], tf.float32)
    return x * tf.reshape(scale, [])


def train_step(x, y):
    print("pre")
    with tf.GradientTape() as tape:
        h = probe(x)
        loss = tf.reduce_mean(tf.square(h @ W - y))
    g = tape.gradient(loss, W)
    tf.debugging.assert_less(tf.reduce_max(tf.abs(x)), LIMIT, message="outlier")
    print("post")
    return loss, g


for step in range(30):
    if step == 10:
        LIMIT = 3.0
    try:
        loss, g = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    except tf.errors.InvalidArgumentError:
        FAILED.append(step)
        print(step, "assertion failed, calls", len(CALLS))
        continue
    W.assign_sub(0.05 * g)
    print(step, repr(float(loss)), len(CALLS))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "calls": CALLS, "failed": FAILED}))

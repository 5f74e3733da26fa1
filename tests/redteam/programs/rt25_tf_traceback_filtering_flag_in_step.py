"""The step chooses how much diagnostic detail to keep from TensorFlow's own debugging
switch: `verbose = not tf.debugging.is_traceback_filtering_enabled()`; when verbose it
records the per-example residuals in a debug list and prints a detail line.  The
switch is TF's traceback_utils flag, a threading.local, flipped by
tf.debugging.disable_traceback_filtering() at step 10 and
tf.debugging.enable_traceback_filtering() at step 17.  Probes: a TF getter over a
thread-local flag (not a watched module global or object dict) read while building."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2521)
rng = np.random.default_rng(2521)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
DEBUG = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        res = x @ W - y
        loss = tf.reduce_mean(tf.square(res))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    verbose = not tf.debugging.is_traceback_filtering_enabled()
    if verbose:
        DEBUG.append(float(tf.reduce_max(tf.abs(res))))
        print("  debug: max residual", DEBUG[-1])
    return loss


for step in range(22):
    if step == 10:
        tf.debugging.disable_traceback_filtering()
    if step == 17:
        tf.debugging.enable_traceback_filtering()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(DEBUG))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "debug": [repr(v) for v in DEBUG]}))

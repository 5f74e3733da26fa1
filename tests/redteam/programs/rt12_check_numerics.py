"""At step 10 the program calls tf.debugging.enable_check_numerics(), which installs an op
callback in TF's thread-local context: from then on every eager op checks its output for
NaN/Inf and raises InvalidArgumentError.  At steps 16-19 the batches contain a
non-positive feature, so a monitoring value `log(min(x))` inside the step becomes NaN before
the weight update.  In eager mode those steps raise (the loop catches it, counts it, and
the variables are NOT updated for that batch); a graph built before step 10 has no checks
and would print nan and update.  Probes: TF context state (op callbacks) that no entry guard
or watcher covers."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1202)
rng = np.random.default_rng(1202)

XS = np.abs(rng.normal(size=(80, 4))).astype(np.float32) + 0.5
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
XS[64:, 2] = -1.0  # the batches of steps 16-19 hold a negative value

W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
LR = 0.02
MONITOR = []
FAILED = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ W
        loss = tf.reduce_mean(tf.square(pred - y))
    mon = tf.math.log(tf.reduce_min(x))
    g = tape.gradient(loss, W)
    W.assign_sub(LR * g)
    MONITOR.append(float(mon))
    return loss, mon


for step in range(30):
    if step == 10:
        tf.debugging.enable_check_numerics()
    i = (step * 4) % 80
    try:
        loss, mon = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
        print(step, repr(float(loss)), repr(float(mon)))
    except tf.errors.InvalidArgumentError:
        FAILED.append(step)
        print(step, "check_numerics raised")

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "monitor": [repr(v) for v in MONITOR],
    "failed": FAILED,
}))

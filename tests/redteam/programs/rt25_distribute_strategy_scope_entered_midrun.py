"""The step normalises its loss the way multi-replica code does:
`n = tf.distribute.get_strategy().num_replicas_in_sync` and
`loss = tf.reduce_sum(per_example) / (batch * n)`, and tags its log line with
`tf.distribute.has_strategy()`.  The process has two logical CPU devices.  At step 10
the loop enters a MirroredStrategy(["/cpu:0", "/cpu:1"]).scope() (as code that sets up
distribution late does); eager then sees a strategy with 2 replicas in sync, so the
loss is halved and the tag changes.  At step 18 it leaves the scope.  Probes: library
getters over the distribution-strategy stack of TF's default graph, read while a graph
is built."""
import json

import keras
import numpy as np
import tensorflow as tf

CPU = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    CPU, [tf.config.LogicalDeviceConfiguration(), tf.config.LogicalDeviceConfiguration()])

keras.utils.set_random_seed(2511)
rng = np.random.default_rng(2511)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
STRAT = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])


def train_step(x, y):
    n = tf.distribute.get_strategy().num_replicas_in_sync
    tag = "replicated" if tf.distribute.has_strategy() else "local"
    with tf.GradientTape() as tape:
        per_example = tf.square(x @ W - y)
        loss = tf.reduce_sum(per_example) / (8 * n)
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    print(tag, n)
    return loss


SCOPE = None
for step in range(24):
    if step == 10:
        SCOPE = STRAT.scope()
        SCOPE.__enter__()
    if step == 18:
        SCOPE.__exit__(None, None, None)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

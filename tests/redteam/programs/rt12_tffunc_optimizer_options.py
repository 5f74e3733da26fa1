"""Grappler options changed mid-run with tf.config.optimizer.set_experimental_options.  The
step calls the program's own @tf.function `feature`, whose ops Grappler rewrites in eager
too (x / 7.0 becomes a multiply by the reciprocal, pow(h, 2.0) a Square, ...): in eager a
tf.function call is optimized under the context's CURRENT config, so its outputs change in
the last bits when the options change.  Step 10: arithmetic optimization, constant folding
and remapping are turned off (the function's results then equal op-by-op eager); step 20:
they are turned on again.  Losses are printed with repr().  Probes: TF context config
(tf.config) read when the program's traced function is instantiated, vs. a config copy
taken when a graph was built."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1238)
rng = np.random.default_rng(1238)

XS = rng.normal(size=(96, 16)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(16, 32)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(32, 1)).astype(np.float32) * 0.3)

OFF = {"arithmetic_optimization": False, "constant_folding": False, "remapping": False}
ON = {"arithmetic_optimization": True, "constant_folding": True, "remapping": True}
tf.config.optimizer.set_experimental_options(ON)


@tf.function
def feature(x, w):
    h = (x @ w) / 7.0
    return tf.pow(h, 2.0) * 3.0 + h * 3.0 / 11.0 - tf.sqrt(tf.abs(h) + 1.0) / 3.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = feature(x, W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.01 * g1)
    W2.assign_sub(0.01 * g2)
    return loss


for step in range(30):
    if step == 10:
        tf.config.optimizer.set_experimental_options(OFF)
    if step == 20:
        tf.config.optimizer.set_experimental_options(ON)
    i = (step * 16) % 80
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)))

print(json.dumps({"W2": [repr(float(v)) for v in W2.numpy().ravel()],
                  "W1sum": repr(float(tf.reduce_sum(W1)))}))

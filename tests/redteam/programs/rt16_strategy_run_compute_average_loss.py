"""The canonical tf.distribute custom training loop, run eagerly on a one-device strategy:
the step calls STRATEGY.run(replica_step, args=...) and STRATEGY.reduce(SUM, ...), and
replica_step scales its loss with tf.nn.compute_average_loss(per_example,
global_batch_size=GLOBAL_BATCH), where GLOBAL_BATCH is a module global the loop doubles
at step 12 (the run switches to a global batch of two accumulated local batches; the
local batch stays 8).  replica_step also counts its calls in REPLICA_CALLS.  Library
code (the strategy) calls the program's replica function back; the variables are created
under STRATEGY.scope().  In eager the scale follows GLOBAL_BATCH at every call and the
counter moves once per call.  Probes: distribution-strategy library code calling the
program's function, with a Python global that sets the loss scale."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1646)
rng = np.random.default_rng(1646)

XS = rng.normal(size=(120, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 2:3]).astype(np.float32)
STRATEGY = tf.distribute.OneDeviceStrategy("/cpu:0")
with STRATEGY.scope():
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
    OPT = keras.optimizers.SGD(learning_rate=0.1)
GLOBAL_BATCH = 8
REPLICA_CALLS = [0]


def replica_step(x, y):
    REPLICA_CALLS[0] += 1
    with tf.GradientTape() as tape:
        per = tf.reduce_sum(tf.square(model(x, training=True) - y), axis=1)
        loss = tf.nn.compute_average_loss(per, global_batch_size=GLOBAL_BATCH)
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def train_step(x, y):
    per_replica = STRATEGY.run(replica_step, args=(x, y))
    return STRATEGY.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)


pos = 0
for step in range(26):
    if step == 12:
        GLOBAL_BATCH = 16
    n = 8
    x, y = XS[pos:pos + n], YS[pos:pos + n]
    pos = (pos + n) % 112
    loss = train_step(tf.constant(x), tf.constant(y))
    print(step, n, repr(float(loss)), REPLICA_CALLS[0])

print(json.dumps({
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
    "replica_calls": REPLICA_CALLS[0],
    "iterations": int(OPT.iterations.numpy()),
}))

"""The `training` argument of co-executed Dropout and BatchNormalization calls given in
different Python and TF kinds across steps: True/False, None (the layer's default), the
ints 1 and 0, a NumPy bool_, and a scalar bool tensor whose value changes; Keras decides
with `if training and ...`, so each kind must be taken as eager takes it. The moving stats
and the dropout generator's state are printed. A generator made at module level supplies
the batches (refused in the step)."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(4848)
rng = np.random.default_rng(4848)
X = rng.normal(size=(96, 5)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")

D1 = keras.layers.Dense(6)
BN = keras.layers.BatchNormalization(momentum=0.8)
DROP = keras.layers.Dropout(0.4)
HEAD = keras.layers.Dense(1)
D1.build((None, 5))
BN.build((None, 6))
HEAD.build((None, 6))
VARS = D1.trainable_variables + BN.trainable_variables + HEAD.trainable_variables
KINDS = [True, False, None, 1, 0, np.bool_(True), np.bool_(False), "tensor"]


def batches():
    i = 0
    while True:
        yield tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])
        i = (i + 8) % 88


DATA = batches()


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(step):
    x, y = next(DATA)
    kind = KINDS[step % len(KINDS)]
    if isinstance(kind, str):
        kind = tf.constant((step // len(KINDS)) % 2 == 0)
    with tf.GradientTape() as tape:
        h = BN(D1(x), training=kind)
        h = DROP(tf.nn.relu(h), training=kind)
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, kind


for step in range(32):
    loss, grads, kind = train_step(step)
    print(step, type(kind).__name__, repr(float(loss)), flat(BN.moving_mean)[:3], flat(DROP.seed_generator.state))
    print("  g", flat(grads[-1]), flat(grads[2])[:3])

print(json.dumps({"vars": [flat(v) for v in D1.weights + BN.weights + HEAD.weights]}))

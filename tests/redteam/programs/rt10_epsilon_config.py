"""Keras' global configuration read by library code while a co-execution site is built:
keras.config.set_epsilon changes the clipping of probabilities inside
CategoricalCrossentropy / BinaryCrossentropy (from_logits=False) at steps 9, 15 and 22 (to
1e-2, 0.2, back to 1e-7). The probabilities are made by plain TF ops in the step (no
`_keras_logits` attached), and are saturated, so the clip matters. No watched object's dict changes; only a module-level setting. The batch
comes from a generator made outside the step (refused)."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(2222)
rng = np.random.default_rng(2222)
X = (rng.normal(size=(96, 4)) * 4).astype("float32")
YC = np.eye(3, dtype="float32")[rng.integers(0, 3, size=(96,))]
YB = rng.integers(0, 2, size=(96, 1)).astype("float32")

BODY = keras.layers.Dense(6, activation="relu")
PHEAD = keras.layers.Dense(3)
BHEAD = keras.layers.Dense(1)
BODY.build((None, 4))
PHEAD.build((None, 6))
BHEAD.build((None, 6))
PHEAD.kernel.assign(PHEAD.kernel * 8.0)
BHEAD.kernel.assign(BHEAD.kernel * 8.0)
VARS = BODY.trainable_variables + PHEAD.trainable_variables + BHEAD.trainable_variables
CCE = keras.losses.CategoricalCrossentropy()
BCE = keras.losses.BinaryCrossentropy()


def batches():
    i = 0
    while True:
        yield tf.constant(X[i:i + 8]), tf.constant(YC[i:i + 8]), tf.constant(YB[i:i + 8])
        i = (i + 8) % 88


DATA = batches()


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step():
    x, yc, yb = next(DATA)
    with tf.GradientTape() as tape:
        h = BODY(x)
        pc = tf.nn.softmax(PHEAD(h))
        pb = tf.sigmoid(BHEAD(h))
        lc = CCE(yc, pc)
        lb = BCE(yb, pb)
        loss = lc + lb
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.01 * g)
    return lc, lb, grads


for step in range(32):
    if step == 9:
        keras.config.set_epsilon(1e-2)
    if step == 15:
        keras.config.set_epsilon(0.2)
    if step == 22:
        keras.config.set_epsilon(1e-7)
    lc, lb, grads = train_step()
    print(step, keras.config.epsilon(), repr(float(lc)), repr(float(lb)))
    print("  g", flat(grads[-1]), flat(grads[3]))

print(json.dumps({"vars": [flat(v) for v in VARS]}))

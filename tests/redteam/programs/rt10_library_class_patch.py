"""Class attributes of library classes changed mid-run while their layers are
co-execution sites: keras.layers.Dense.call is replaced on the class at step 11 (a wrapper
that halves the output) and restored at step 19; LayerNormalization's class gets a new
`call` that adds a constant at step 23. The batch is drawn from a generator made at module
level and resumed in the step (refused)."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(909)
rng = np.random.default_rng(909)
X = rng.normal(size=(96, 5)).astype("float32")
Y = rng.normal(size=(96, 2)).astype("float32")

ORIG_DENSE_CALL = keras.layers.Dense.call
ORIG_LN_CALL = keras.layers.LayerNormalization.call
PATCH_CALLS = [0]


def halved_call(self, inputs, training=None):
    PATCH_CALLS[0] += 1
    return ORIG_DENSE_CALL(self, inputs, training=training) * 0.5


def shifted_ln_call(self, inputs):
    PATCH_CALLS[0] += 100
    return ORIG_LN_CALL(self, inputs) + 0.2


def batches():
    i = 0
    while True:
        yield tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])
        i = (i + 8) % 88


DATA = batches()
D1 = keras.layers.Dense(6, activation="tanh")
LN = keras.layers.LayerNormalization()
HEAD = keras.layers.Dense(2)
D1.build((None, 5))
LN.build((None, 6))
HEAD.build((None, 6))
VARS = D1.trainable_variables + LN.trainable_variables + HEAD.trainable_variables


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step():
    x, y = next(DATA)
    with tf.GradientTape() as tape:
        h = D1(x)
        h = LN(h)
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, p


for step in range(32):
    if step == 11:
        keras.layers.Dense.call = halved_call
    if step == 19:
        keras.layers.Dense.call = ORIG_DENSE_CALL
    if step == 23:
        keras.layers.LayerNormalization.call = shifted_ln_call
    loss, grads, p = train_step()
    print(step, repr(float(loss)), PATCH_CALLS[0], flat(p[0]))
    print("  g", flat(grads[2]), flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in VARS], "patch_calls": PATCH_CALLS[0]}))

"""A Dense layer's `activation` attribute is rewritten mid-run: relu -> keras tanh (step 8)
-> a program function that reads a global GAIN and counts its calls (step 13) -> GAIN
changes (step 17) -> a lambda wrapping it (step 21) -> the program function's __code__
swapped (step 25) -> None (step 29). The batch comes from a module-level generator resumed
with next() inside the step (a generator from outside: refused), so the Dense call is a
co-execution site whose Keras Python runs once while building."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(303)
rng = np.random.default_rng(303)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")

GAIN = 1.0
ACT_CALLS = [0]


def scaled_tanh(t):
    ACT_CALLS[0] += 1
    return tf.tanh(t) * GAIN


def _alt(t):
    ACT_CALLS[0] += 10
    return tf.sigmoid(t) * GAIN


def batches():
    i = 0
    while True:
        yield tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])
        i = (i + 8) % 88


DATA = batches()
DENSE = keras.layers.Dense(5, activation="relu")
HEAD = keras.layers.Dense(1)
DENSE.build((None, 4))
HEAD.build((None, 5))
VARS = DENSE.trainable_variables + HEAD.trainable_variables


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step():
    x, y = next(DATA)
    with tf.GradientTape() as tape:
        h = DENSE(x)
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, h, grads


for step in range(34):
    if step == 8:
        DENSE.activation = keras.activations.tanh
    if step == 13:
        DENSE.activation = scaled_tanh
    if step == 17:
        GAIN = 2.0
    if step == 21:
        DENSE.activation = lambda t: scaled_tanh(t) + 0.25
    if step == 25:
        scaled_tanh.__code__ = _alt.__code__
    if step == 29:
        DENSE.activation = None
    loss, h, grads = train_step()
    print(step, repr(float(loss)), ACT_CALLS[0], flat(h[0]))
    print("  g", flat(grads[1]), flat(grads[3]))

print(json.dumps({"vars": [flat(v) for v in VARS], "act_calls": ACT_CALLS[0], "gain": GAIN}))

"""A functional Keras model's step transforms its hidden features with
`keras.ops.switch(index, BRANCHES, h)`, BRANCHES a global list of the program's
functions and partials (the index comes from the batch).  Mid-run the loop replaces
one branch in the list, edits a partial's keywords in place, and appends nothing but
swaps the list's order in place."""
import functools
import json

import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(23)


def scaled(h, k=1.0):
    return h * k


def shifted(h):
    return h + 0.1


def squashed(h):
    return tf.tanh(h)


rng = np.random.default_rng(23)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 2:]).astype(np.float32)
inp = tf.keras.Input((3,))
hidden = tf.keras.layers.Dense(6, activation="relu")(inp)
ENCODER = tf.keras.Model(inp, hidden)
HEAD = tf.keras.layers.Dense(1)
HEAD.build((None, 6))
OPT = tf.keras.optimizers.Adam(0.02)
BRANCHES = [functools.partial(scaled, k=0.5), shifted]


def train_step(x, y):
    index = tf.cast(tf.reduce_sum(x[:, :1]) > 0.0, tf.int32)
    variables = ENCODER.trainable_variables + HEAD.trainable_variables
    with tf.GradientTape() as tape:
        h = keras.ops.switch(index, BRANCHES, ENCODER(x))
        loss = tf.reduce_mean(tf.square(HEAD(h) - y))
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(24):
    if step == 7:
        BRANCHES[1] = squashed
    if step == 13:
        BRANCHES[0].keywords["k"] = 2.0
    if step == 19:
        BRANCHES[:] = [BRANCHES[1], BRANCHES[0]]
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [getattr(b, "__name__", "partial") for b in BRANCHES])
print(json.dumps({"k": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()]}))

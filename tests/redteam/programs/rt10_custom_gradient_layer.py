"""A program layer whose call() goes through @tf.custom_gradient (a gradient-reversal and
clipping op whose Python gradient function reads a global LAMBDA and counts its own calls),
called as a co-execution site under the step's tape: eager's tape runs that Python gradient
function; a graph recorded op by op would see only an IdentityN. LAMBDA changes at steps 10
and 20; a second layer runs under Keras rematerialization (RematScope, tf.recompute_grad).
crc32 of the features keeps the step interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(2424)
rng = np.random.default_rng(2424)
X = rng.normal(size=(96, 5)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")

LAMBDA = 1.0
GRAD_CALLS = [0]


@tf.custom_gradient
def reverse_clip(x):
    def grad(dy):
        GRAD_CALLS[0] += 1
        return tf.clip_by_value(-LAMBDA * dy, -0.05, 0.05)
    return tf.identity(x), grad


class Reverse(keras.layers.Layer):
    def call(self, x):
        return reverse_clip(x)


FEAT = keras.layers.Dense(6, activation="tanh")
REV = Reverse()
with keras.RematScope(mode="full"):
    REMAT = keras.layers.Dense(6, activation="relu")
HEAD = keras.layers.Dense(1)
FEAT.build((None, 5))
REMAT.build((None, 6))
HEAD.build((None, 6))
VARS = FEAT.trainable_variables + REMAT.trainable_variables + HEAD.trainable_variables


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    with tf.GradientTape() as tape:
        f = FEAT(x)
        r = REV(f)
        h = REMAT(r)
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(f.numpy().tobytes()) % 937
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc


for step in range(32):
    if step == 10:
        LAMBDA = 5.0
    if step == 20:
        LAMBDA = -0.5
    i = (step * 8) % 88
    loss, grads, crc = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), crc, GRAD_CALLS[0])
    print("  gfeat", flat(grads[0])[:8], flat(grads[1]))
    print("  ghead", flat(grads[-2]))

print(json.dumps({"vars": [flat(v) for v in VARS], "grad_calls": GRAD_CALLS[0]}))

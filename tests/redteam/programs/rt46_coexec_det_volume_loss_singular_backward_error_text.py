"""A co-executed step (a pure-Python sensor model decides per step which of three
sensors report, using a crc32 of the readings, so the step stays in the interpreter)
trains a Keras encoder whose 3x3 output matrix M goes into a volume loss
`-log(|det(M)| + 1)`.  A silent sensor zeroes its row of M, so det(M) is 0: the
forward pass is fine, but TF's Determinant gradient inverts M and raises
InvalidArgumentError ("Input is not invertible") inside tape.gradient.  The loop
catches it and prints the exception type and text, then skips the update.  What
changes mid-run: sensor 2 is unplugged at step 13 (so from then on a crc32 decides per
step whether it is silent).  Probes: a data-dependent failure inside a deferred
backward walk whose chunk ran compiled on the earlier steps: the same exception text
as eager's, and no update."""
import random

import numpy

random.seed(4609)
numpy.random.seed(4609)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4609)
rng = np.random.default_rng(4609)
XS = rng.normal(size=(60, 4, 5)).astype(np.float32)
ENC = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                        keras.layers.Dense(3)])
OPT = keras.optimizers.SGD(learning_rate=0.02)
PLUG = {"unplugged": False}
ERRORS = []


def sensors(x):
    alive = [1.0, 1.0, 1.0]
    if PLUG["unplugged"] and zlib.crc32(x.numpy().tobytes()) % 3 != 0:
        alive[2] = 0.0
    return tf.constant(np.array(alive, np.float32)[:, None])


def train_step(x):
    mask = sensors(x)
    with tf.GradientTape() as tape:
        rows = ENC(x[:3])
        m = rows * mask + tf.eye(3) * 0.0
        d = tf.linalg.det(m)
        loss = -tf.math.log(tf.abs(d) + 1.0) + 0.01 * tf.reduce_sum(tf.square(rows))
    try:
        grads = tape.gradient(loss, ENC.trainable_variables)
    except tf.errors.InvalidArgumentError as e:
        ERRORS.append(type(e).__name__ + ": " + str(e))
        return loss, d, None
    OPT.apply_gradients(zip(grads, ENC.trainable_variables))
    return loss, d, grads


for step in range(30):
    if step == 13:
        PLUG["unplugged"] = True
    loss, d, grads = train_step(tf.constant(XS[step % 60]))
    if grads is None:
        print(step, repr(float(loss)), repr(float(d)), "skipped", ERRORS[-1])
    else:
        print(step, repr(float(loss)), repr(float(d)), repr(float(grads[0][2, 4])), repr(float(grads[2][5, 1])))

print(json.dumps({"errors": len(ERRORS), "w": [repr(float(v)) for v in ENC.layers[0].kernel.numpy().ravel()[::2]]}))

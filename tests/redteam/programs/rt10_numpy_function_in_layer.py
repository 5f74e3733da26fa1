"""A co-executed layer whose call() runs Python at graph run time: tf.numpy_function with a
side effect (appends to a program list, counts) computes a per-row scale, tf.print writes
to sys.stdout between the step's own prints, and a tf.debugging.assert_less after the
numpy_function fails on some batches (the step catches InvalidArgumentError). Eager runs the
callback once per call, even on a call that then fails; the count, the log and the output
order are printed. crc32 keeps the step interpreted."""
import json
import sys
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(5353)
rng = np.random.default_rng(5353)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")
CB_LOG = []


def row_scale(a):
    CB_LOG.append(round(float(np.abs(a).max()), 4))
    return (1.0 / (1.0 + np.abs(a).sum(axis=1, keepdims=True))).astype(np.float32)


class Callback(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 4), initializer="glorot_uniform", name="w")

    def call(self, x):
        s = tf.numpy_function(row_scale, [x], tf.float32)
        s.set_shape((None, 1))
        tf.print("  tfprint", tf.reduce_sum(s), output_stream=sys.stdout)
        tf.debugging.assert_less(tf.reduce_max(tf.abs(x)), 2.6, message="outlier")
        return tf.tanh(tf.matmul(x, self.w)) * s


CB = Callback()
HEAD = keras.layers.Dense(1)
CB.build((None, 4))
HEAD.build((None, 4))
VARS = CB.trainable_variables + HEAD.trainable_variables
FAILS = []


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y, step):
    print("  before", step)
    sys.stdout.flush()
    with tf.GradientTape() as tape:
        try:
            h = CB(x)
        except tf.errors.InvalidArgumentError:
            FAILS.append(step)
            h = tf.tanh(tf.matmul(x, CB.w)) * 0.1
        print("  after", step, len(CB_LOG))
        sys.stdout.flush()
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(p.numpy().tobytes()) % 857
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc


for step in range(30):
    i = (step * 8) % 88
    loss, grads, crc = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]), step)
    print(step, repr(float(loss)), crc, len(CB_LOG), FAILS[-1:])
    print("  g", flat(grads[0])[:6], flat(grads[-1]))
    sys.stdout.flush()

print(json.dumps({"vars": [flat(v) for v in VARS], "log": CB_LOG, "fails": FAILS}))

"""Batches cycle 8, 7, 6.  The step picks the last two rows of the per-example errors with
keras.ops.take(err, [-1, -2], axis=0) (Keras wraps negative indices itself) and
keras.ops.take_along_axis of an argsort, and weights them; it prints the taken rows.
Probes: Keras index arithmetic on a dimension that varies between calls."""
import random
import numpy
random.seed(7); numpy.random.seed(7)
import json
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3535)
rng = np.random.default_rng(3535)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def hexs(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]

def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        err = tf.square(h @ W2 - y)
        last = keras.ops.take(err, [-1, -2], axis=0)
        order = keras.ops.argsort(err, axis=0)
        srt = keras.ops.take_along_axis(err, order, axis=0)
        loss = tf.reduce_mean(err) + 0.1 * tf.reduce_sum(last) + 0.05 * srt[-1, 0]
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, last


for step in range(30):
    b = [8, 7, 6][step % 3]
    i = (step * 8) % 56
    loss, last = train_step(tf.constant(XS[i:i + b]), tf.constant(YS[i:i + b]))
    print(step, float(loss).hex(), hexs(last.numpy()))


def summary():
    return {}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))

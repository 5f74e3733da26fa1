"""A co-executed layer that does Python arithmetic and control flow on its input's batch
size, read four ways (x.shape[0], keras.ops.shape(x)[0], len(x), int(tf.shape(x)[0])),
while the batch size changes every step (4, 6, 8, 5, 7, 3): a graph whose batch dimension
was relaxed to None must still give eager's Python ints (a range() bound, a parity branch,
a Python float divisor). Also a Reshape layer whose target_shape attribute changes at step
15. The batch comes from a generator made outside the step (refused)."""
import json

import numpy as np
import tensorflow as tf
import keras
from keras import ops

keras.utils.set_random_seed(5858)
rng = np.random.default_rng(5858)
X = rng.normal(size=(200, 6)).astype("float32")
Y = rng.normal(size=(200, 1)).astype("float32")
SIZES = [4, 6, 8, 5, 7, 3]


class BatchAware(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 6), initializer="glorot_uniform", name="w")
        self.seen = []

    def call(self, x):
        n1 = x.shape[0]
        n2 = ops.shape(x)[0]
        n3 = len(x)
        n4 = int(tf.shape(x)[0])
        self.seen.append((type(n1).__name__, type(n2).__name__, n3, n4))
        z = tf.matmul(x, self.w) / float(n4)
        for _ in range(n3 // 3):
            z = tf.tanh(z * 1.5)
        if n4 % 2 == 0:
            z = z - tf.reduce_mean(z, axis=0)
        return z


def batches():
    i, k = 0, 0
    while True:
        bs = SIZES[k % len(SIZES)]
        yield tf.constant(X[i:i + bs]), tf.constant(Y[i:i + bs])
        i = (i + bs) % 180
        k += 1


DATA = batches()
BA = BatchAware()
RESHAPE = keras.layers.Reshape((2, 3))
HEAD = keras.layers.Dense(1)
BA.build((None, 6))
HEAD.build((None, 6))
VARS = BA.trainable_variables + HEAD.trainable_variables


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step():
    x, y = next(DATA)
    with tf.GradientTape() as tape:
        h = BA(x)
        r = RESHAPE(h)
        h2 = tf.reshape(r, (-1, 6))
        p = HEAD(h2)
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, tuple(r.shape)


for step in range(36):
    if step == 15:
        RESHAPE.target_shape = (3, 2)
    loss, grads, rshape = train_step()
    print(step, repr(float(loss)), BA.seen[-1], rshape)
    print("  g", flat(grads[0])[:6], flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in VARS], "seen": BA.seen}))

"""A program layer called with Python keyword arguments whose values change every call: a
float `temp` taken from the previous step's loss, an int `hops` used as a range() bound in
call(), a str `mode` choosing the branch, a bool `center`, a tuple `clip` and None. The
site's graph is built from the call's arguments; each combination must be taken as eager
takes it. The batch comes from a generator made at module level (refused in the step)."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(3333)
rng = np.random.default_rng(3333)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")


class Hops(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], shape[-1]), initializer="orthogonal", name="w")

    def call(self, x, temp=1.0, hops=1, mode="tanh", center=False, clip=None):
        z = x
        for _ in range(hops):
            z = tf.matmul(z, self.w) / temp
            z = tf.tanh(z) if mode == "tanh" else tf.nn.softsign(z)
        if center:
            z = z - tf.reduce_mean(z, axis=0, keepdims=True)
        if clip is not None:
            z = tf.clip_by_value(z, clip[0], clip[1])
        return z


def batches():
    i = 0
    while True:
        yield tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])
        i = (i + 8) % 88


DATA = batches()
HOPS = Hops()
HEAD = keras.layers.Dense(1)
HOPS.build((None, 4))
HEAD.build((None, 4))
VARS = HOPS.trainable_variables + HEAD.trainable_variables
PREV = [1.0]


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(step):
    x, y = next(DATA)
    kw = {"temp": PREV[0], "hops": 1 + step % 3, "mode": "tanh" if step % 4 < 2 else "softsign",
          "center": step % 5 == 0, "clip": (-0.5, 0.5) if step % 7 == 3 else None}
    with tf.GradientTape() as tape:
        h = HOPS(x, **kw)
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    PREV[0] = 0.5 + float(loss)
    return loss, grads, kw


for step in range(33):
    loss, grads, kw = train_step(step)
    print(step, repr(float(loss)), kw)
    print("  g", flat(grads[0])[:8], flat(grads[-2]))

print(json.dumps({"vars": [flat(v) for v in VARS], "prev": PREV[0]}))

"""One model called at one co-execution site with inputs that vary in kind between calls:
a float64 NumPy array, a float32 tensor, a float64 tensor, an int64 array, a changing batch
size, and a custom layer's non-tensor keyword arguments that are the same Python list and
NumPy array mutated in place between calls (the site must not keep their first contents).
Every 7th step a Python list is passed positionally, which Keras rejects with ValueError;
the step catches it. Batches come from a generator resumed from outside (refused)."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1515)
rng = np.random.default_rng(1515)
X = rng.normal(size=(120, 3))
Y = rng.normal(size=(120, 1)).astype("float32")

TABLE = [1.0, 0.5, -0.5]
SHIFT = np.zeros(3, dtype="float32")


class Mix(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 4), initializer="glorot_uniform", name="w")

    def call(self, x, table=None, shift=None):
        x = tf.cast(x, "float32")
        t = tf.constant(table, dtype="float32")
        s = tf.convert_to_tensor(shift, dtype="float32")
        return tf.tanh(tf.matmul(x * t + s, self.w))


MIX = Mix()
HEAD = keras.layers.Dense(1)
MIX.build((None, 3))
HEAD.build((None, 4))
VARS = MIX.trainable_variables + HEAD.trainable_variables
ERRORS = []


def batches():
    i, k = 0, 0
    while True:
        bs = 8 if k % 4 else 6
        yield k, X[i:i + bs], Y[i:i + bs]
        i = (i + bs) % 100
        k += 1


DATA = batches()


def flat(t):
    return np.asarray(t).ravel().tolist()


def as_kind(k, x):
    kind = k % 5
    if kind == 0:
        return x
    if kind == 1:
        return tf.constant(x.astype("float32"))
    if kind == 2:
        return tf.constant(x)
    if kind == 3:
        return np.round(x * 2).astype("int64")
    return x.astype("float32")


def train_step():
    k, x, y = next(DATA)
    if k % 7 == 3:
        try:
            MIX(x.tolist(), table=TABLE, shift=SHIFT)
        except ValueError as e:
            ERRORS.append((k, type(e).__name__))
    xin = as_kind(k, x)
    with tf.GradientTape() as tape:
        h = MIX(xin, table=TABLE, shift=SHIFT)
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return k, loss, grads, h


for step in range(35):
    if step % 6 == 5:
        TABLE[(step // 6) % 3] = TABLE[(step // 6) % 3] * -1.25
        SHIFT[(step + 1) % 3] += 0.125
    k, loss, grads, h = train_step()
    print(step, k, repr(float(loss)), h.dtype.name, tuple(h.shape), TABLE, flat(SHIFT))
    print("  g", flat(grads[0]), flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in VARS], "errors": ERRORS, "table": TABLE}))

"""Layers deleted and remade between co-executed calls of one site: a weightless program
layer holding a Python constant is dropped (del + gc.collect) and a new instance of the same
class with another constant made right away (it may reuse the freed object's address) at
steps 8, 14 and 20; an optional attribute read with getattr(self, 'extra', 0.0) and
hasattr() is added at step 15 and deleted at step 18; the first Dense is dropped and
replaced by a new unbuilt one (built inside the step) at step 25. crc32 keeps the step
interpreted."""
import gc
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1919)
rng = np.random.default_rng(1919)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")


class Affine(keras.layers.Layer):
    def __init__(self, k, **kw):
        super().__init__(**kw)
        self.k = k

    def call(self, x):
        out = x * self.k + getattr(self, "extra", 0.0)
        if hasattr(self, "flip"):
            out = -out
        return out


DENSE = keras.layers.Dense(4, activation="tanh")
HEAD = keras.layers.Dense(1)
DENSE.build((None, 4))
HEAD.build((None, 4))
PIPE = [DENSE, Affine(1.0), HEAD]


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    vs = PIPE[0].trainable_variables + PIPE[2].trainable_variables
    with tf.GradientTape() as tape:
        h = PIPE[0](x)
        h = PIPE[1](h)
        p = PIPE[2](h)
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(h.numpy().tobytes()) % 953
    grads = tape.gradient(loss, vs)
    for v, g in zip(vs, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc


for step in range(32):
    if step in (8, 14, 20):
        k = {8: 2.0, 14: -0.5, 20: 0.75}[step]
        del PIPE[1]
        gc.collect()
        PIPE.insert(1, Affine(k))
    if step == 15:
        PIPE[1].extra = 0.3
        PIPE[1].flip = True
    if step == 18:
        del PIPE[1].extra
        del PIPE[1].flip
    if step == 25:
        del PIPE[0]
        gc.collect()
        PIPE.insert(0, keras.layers.Dense(4, activation="tanh"))
    i = (step * 8) % 88
    loss, grads, crc = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), crc, PIPE[1].k, hasattr(PIPE[1], "extra"))
    print("  g", flat(grads[0])[:6], flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in PIPE[0].weights + HEAD.weights + DENSE.weights]}))

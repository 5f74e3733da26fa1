"""Helpers use tf.custom_gradient functions (a straight-through round, a gradient clipper, a
stable log1pexp, and one that reads a variable and returns a 'variables' gradient) and are
called while train_step's tape records; train_step itself is refused (a draw with model
probabilities and zlib.crc32 of a gradient's bytes). Eager records one op per custom-gradient
call with the program's grad_fn; a graph holds the forward ops plus an IdentityN with a
gradient override: recorded op by op with registered gradients, the custom ones are lost."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (rng.normal(size=(96, 1)) > 0).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 4)).astype(np.float32) * 0.5, name="W")
U = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5, name="U")
S = tf.Variable(np.float32(0.7), name="S")
PICK = np.random.default_rng(9)


@tf.custom_gradient
def ste_round(x):
    def grad(dy):
        return dy * 0.9
    return tf.round(x * 2.0) / 2.0, grad


@tf.custom_gradient
def clip_grad(x):
    def grad(dy):
        return tf.clip_by_value(dy, -0.01, 0.01)
    return tf.identity(x), grad


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)
    def grad(dy):
        return dy * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad


@tf.custom_gradient
def scaled_by_S(x):
    y = x * S
    def grad(dy, variables=None):
        return dy * 2.0, [tf.reduce_sum(dy * x) * 0.5]
    return y, grad


def quantized_features(x):
    h = ste_round(x @ W)
    return clip_grad(h) + 0.1 * h


def head(h):
    z = scaled_by_S(h @ U)
    return log1pexp(z) - z * 0.3


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = quantized_features(x)
        z = head(h)
        loss = tf.reduce_mean(tf.square(z - y))
    gw, gu, gs = tape.gradient(loss, [W, U, S])
    p = tf.nn.softmax(tf.reshape(z, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(gw.numpy().tobytes() + gu.numpy().tobytes())
    W.assign_sub(0.1 * gw)
    U.assign_sub(0.1 * gu)
    S.assign_sub(0.1 * gs)
    return loss, gw, gu, gs, pick, crc


for step in range(30):
    i = (step * 12) % 84
    loss, gw, gu, gs, pick, crc = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), pick, crc, repr(float(gs)))
    print("  gw", gw.numpy().ravel().tolist()[:8])
    print("  gu", gu.numpy().ravel().tolist())

print(json.dumps({"W": W.numpy().ravel().tolist(), "U": U.numpy().ravel().tolist(),
                  "S": float(S.numpy())}))

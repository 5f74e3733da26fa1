"""DP-SGD-like per-example clipping with tf.map_fn: the fn computes each example's
gradient with its own GradientTape, clips it with tf.clip_by_norm, and the step averages
the clipped grads and applies Adam.  The clip norm is 0.5 for 8 steps, then 0.1.  Prints
loss and the mean per-example norm.  Probes: tf.map_fn with a tape inside in a converted
step (no pfor), a Python float changing mid-run."""
import random

import numpy

random.seed(10)
numpy.random.seed(10)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1010)
rng = np.random.default_rng(1010)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5]], np.float32) + 0.1).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
B0 = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.Adam(learning_rate=0.05)
CLIP = 0.5


def train_step(x, y):
    def one(xy):
        xi, yi = xy
        with tf.GradientTape() as t:
            p = tf.matmul(xi[None], W) + B0
            l = tf.reduce_sum(tf.square(p - yi))
        gw, gb = t.gradient(l, [W, B0])
        n = tf.sqrt(tf.reduce_sum(tf.square(gw)) + tf.reduce_sum(tf.square(gb)))
        f = tf.minimum(1.0, CLIP / (n + 1e-6))
        return gw * f, gb * f, n
    gws, gbs, ns = tf.map_fn(one, (x, y), fn_output_signature=(tf.float32, tf.float32, tf.float32))
    OPT.apply_gradients([(tf.reduce_mean(gws, 0), W), (tf.reduce_mean(gbs, 0), B0)])
    loss = tf.reduce_mean(tf.square(x @ W + B0 - y))
    return loss, tf.reduce_mean(ns)


for step in range(30):
    if step == 8:
        CLIP = 0.1
    i = (step * 8) % 120
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(n)))

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "b": [repr(float(v)) for v in B0.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
}))

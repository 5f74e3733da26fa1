"""A featurizer helper asks tf.executing_eagerly() / tf.inside_function() to pick
its code path (the exact tanh when running eagerly, a cheap soft-sign when traced),
and the step calls it three ways: directly, through tf.map_fn and through
tf.vectorized_map.

In eager mode the answers differ by the library that calls the helper: called
directly, and by tf.map_fn (whose while loop runs eagerly, one Python call per
element), it runs eagerly; tf.vectorized_map wraps its pfor in a fresh tf.function
even in eager mode, so there the helper is traced and sees executing_eagerly() False
and inside_function() True.  A graph of the step must answer each call site as eager
does: a graph that answered "eager" everywhere (to mimic the step's own eager
answers) or "traced" everywhere (TF's native answer inside a graph) would pick the
wrong path for one of the three features, and the losses and weights would differ.
Probes: eager/graph introspection inside library functional APIs."""
import json

import keras
import numpy as np
import tensorflow as tf

tf.get_logger().setLevel("ERROR")  # pfor's per-call tf.function retracing notice
keras.utils.set_random_seed(4404)
rng = np.random.default_rng(4404)

XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W = tf.Variable(rng.normal(size=(12, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def featurize(row):
    if tf.executing_eagerly():
        out = tf.tanh(row)
    else:
        out = row / (1.0 + tf.abs(row))
    if tf.inside_function():
        out = out * 0.75
    return out


def train_step(x, y):
    with tf.GradientTape() as tape:
        f_direct = featurize(x)
        f_map = tf.map_fn(featurize, x)
        f_vec = tf.vectorized_map(featurize, x)
        feats = tf.concat([f_direct, f_map, f_vec], axis=1)
        loss = tf.reduce_mean(tf.square(feats @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    gaps = (tf.reduce_max(tf.abs(f_direct - f_map)), tf.reduce_max(tf.abs(f_direct - f_vec)))
    return loss, gaps


for step in range(30):
    i = (step * 8) % 72
    loss, (g_map, g_vec) = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(g_map)), repr(float(g_vec)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))

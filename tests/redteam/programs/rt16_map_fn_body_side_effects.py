"""Per-example losses computed with tf.map_fn over the batch, and a running sum with
tf.scan.  The per-example function is the program's Python: it counts its calls in
CALLS["map"] and, while DEBUG is on (steps 10-12), prints the example's shape.  In
eager, tf.map_fn and tf.scan run their while loop in Python, calling the function once
per element (8 calls per step, 8 debug lines per step), while a graph traces the body
once.  A converted step must reproduce the per-element calls and prints (or leave the
step to the interpreter); a body traced once would count 1 per step and print once.
Probes: Python side effects inside TF's own functional loops (map_fn/scan), which eager
runs element by element."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1629)
rng = np.random.default_rng(1629)

XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 1:2]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CALLS = {"map": 0, "scan": 0}
DEBUG = False


def per_example(args):
    x, y = args
    CALLS["map"] += 1
    if DEBUG:
        print(f"  example shape {tuple(x.shape)}")
    h = tf.tanh(tf.expand_dims(x, 0) @ W1) @ W2
    return tf.reduce_sum(tf.square(h - y))


def running(acc, v):
    CALLS["scan"] += 1
    return acc * 0.5 + v


def train_step(x, y):
    with tf.GradientTape() as tape:
        per = tf.map_fn(per_example, (x, y), fn_output_signature=tf.float32)
        smooth = tf.scan(running, per, initializer=tf.constant(0.0))
        loss = tf.reduce_mean(per) + 0.01 * smooth[-1]
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(24):
    DEBUG = 10 <= step <= 12
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), CALLS)

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "calls": CALLS,
    "iterations": int(OPT.iterations.numpy()),
}))

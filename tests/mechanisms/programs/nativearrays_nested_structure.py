"""A step turns the program's dict of numpy parameters into tensors with
`tf.nest.map_structure(tf.constant, PARAMS)` (library code reading the arrays), and
uses them to scale and shift the batch; the loop edits one array in place at step 7,
replaces an item of a nested list's array at step 12, and swaps a dict value for a new
array at step 16."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(42)
rng = np.random.default_rng(42)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
opt = keras.optimizers.SGD(0.05)
PARAMS = {"scale": np.ones(3, np.float32), "shift": [np.zeros(3, np.float32)]}


def train_step(x, y):
    p = tf.nest.map_structure(tf.constant, PARAMS)
    xs = x * p["scale"] + p["shift"][0]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xs @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss


for step in range(22):
    if step == 7:
        PARAMS["scale"][1] = 0.5
    if step == 12:
        PARAMS["shift"][0][2] = 0.25
    if step == 16:
        PARAMS["scale"] = np.full(3, 2.0, np.float32)
    i = (step * 4) % 36
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 5))

print(json.dumps({"W": [round(float(v), 5) for v in W.numpy().ravel()]}))

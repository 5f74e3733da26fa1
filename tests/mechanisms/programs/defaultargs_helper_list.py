"""A helper the step calls takes its bin edges as a default argument (`def binned(v,
edges=EDGES)`) and iterates them; the loop appends an edge at step 7 and edits one at
step 13, in place: the function and its __defaults__ stay the same objects."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(91)
rng = np.random.default_rng(91)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.04)
EDGES = [0.5, 1.0]


def scale_for(step, edges=EDGES):
    scale = 1.0
    for edge in edges:
        if step > edge * 10:
            scale = scale * 0.8
    return scale


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    scale = scale_for(step)
    g = tape.gradient(loss, W) * scale
    opt.apply_gradients([(g, W)])
    return loss, scale


for step in range(22):
    if step == 7:
        EDGES.append(1.5)
    if step == 13:
        EDGES[0] = 0.1
    i = (step * 4) % 44
    loss, scale = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]), step % 3)
    print(step, repr(float(loss)), repr(scale), EDGES)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "edges": EDGES}))

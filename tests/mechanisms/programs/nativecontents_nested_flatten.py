"""The step flattens a nested configuration (a dict holding a list of scales) with
tf.nest.flatten and multiplies its activations by them.  Part-way the program writes
into the inner list in place.  Eager flattens the new values; a graph that guarded the
outer dict alone keeps the old scale."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(53)
rng = np.random.default_rng(53)
XS = rng.normal(size=(24, 8, 3)).astype(np.float32)
YS = rng.normal(size=(24, 8, 3)).astype(np.float32)
W = tf.Variable(np.eye(3, dtype=np.float32))
CFG = {"scales": [1.0, 0.5, 2.0], "shift": 0.0}


def train_step(x, y):
    flat = tf.nest.flatten(CFG)          # the scales, then the shift (sorted keys)
    with tf.GradientTape() as tape:
        out = (x @ W) * tf.constant(flat[:3]) + flat[3]
        loss = tf.reduce_mean(tf.square(out - y))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    return loss


for step in range(24):
    if step == 11:
        CFG["scales"][1] = 1.5
    loss = train_step(XS[step], YS[step])
    if step % 4 == 0:
        print(step, float(loss))

print(json.dumps({"w": W.numpy().ravel().tolist()}))

"""The step makes its class weights with tf.constant(CLASS_W) from a list of floats the
program keeps.  Part-way the program writes one weight in place.  Eager converts the
list at every call; a graph that baked the first list in keeps the old weight."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(52)
rng = np.random.default_rng(52)
XS = rng.normal(size=(24, 16, 5)).astype(np.float32)
YS = rng.integers(0, 3, size=(24, 16)).astype(np.int32)
W = tf.Variable(rng.normal(size=(5, 3)).astype(np.float32) * 0.3)
CLASS_W = [1.0, 1.0, 1.0]


def train_step(x, y):
    weights = tf.constant(CLASS_W)
    with tf.GradientTape() as tape:
        ce = tf.nn.sparse_softmax_cross_entropy_with_logits(y, x @ W)
        loss = tf.reduce_mean(ce * tf.gather(weights, y))
    W.assign_sub(0.2 * tape.gradient(loss, W))
    return loss


for step in range(24):
    if step == 9:
        CLASS_W[2] = 4.0
    loss = train_step(XS[step], YS[step])
    if step % 4 == 0:
        print(step, float(loss))

print(json.dumps({"w": W.numpy().ravel().tolist()}))

"""An L2 penalty over "parameter groups" collected with keras.tree.flatten: a dict
holding a plain AdapterBlock object (two adapter variables), a list and a tuple of
variables.  The penalty keeps only the leaves that are tf.Variables, so at first the
AdapterBlock is one opaque leaf and its variables are not penalised.  At step 12 the
loop registers AdapterBlock as a pytree node class with Keras' tree registry
(keras.src.tree.register_tree_node_class, an optree registry held in C++), after which
keras.tree.flatten sees through it and the penalty (and the count of penalised
variables the step returns) grows.  Probes: library code run while building whose
answer depends on a registry that is neither a dict of a TF/Keras module nor an
attribute of any object the step reads; nothing the step reads changes mid-run."""
import random

import numpy

random.seed(4501)
numpy.random.seed(4501)

import json

import keras
import numpy as np
import tensorflow as tf
from keras.src import tree as ktree

keras.utils.set_random_seed(4501)
rng = np.random.default_rng(4501)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(5, 1))) * 0.8).astype(np.float32)


class AdapterBlock:
    """A plain holder of two adapter variables (not a TF or Keras structure)."""

    def __init__(self, down, up):
        self.down = down
        self.up = up

    def tree_flatten(self):
        return (self.down, self.up), None

    @classmethod
    def tree_unflatten(cls, metadata, children):
        return cls(*children)


W = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.4, name="w")
DOWN = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.9, name="down")
UP = tf.Variable(rng.normal(size=(2, 4)).astype(np.float32) * 0.9, name="up")
HEAD = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4, name="head")
GROUPS = {"adapter": AdapterBlock(DOWN, UP), "base": (W,), "head": [HEAD]}
VARS = [W, DOWN, UP, HEAD]
OPT = keras.optimizers.SGD(learning_rate=0.05)


def l2_penalty(groups):
    total = tf.constant(0.0)
    count = 0
    for leaf in ktree.flatten(groups):
        if isinstance(leaf, tf.Variable):
            total = total + tf.reduce_sum(tf.square(leaf))
            count += 1
    return total, count


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.tanh(tf.matmul(x, W))
        h = h + tf.matmul(tf.nn.relu(tf.matmul(h, DOWN)), UP)
        pred = tf.matmul(h, HEAD)
        mse = tf.reduce_mean(tf.square(pred - y))
        pen, count = l2_penalty(GROUPS)
        loss = mse + 0.05 * pen
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss, count


for step in range(28):
    if step == 12:
        ktree.register_tree_node_class(AdapterBlock)
    i = (step * 8) % 88
    loss, count = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), count, type(count).__name__,
          repr(float(DOWN.numpy()[0, 0])))

print(json.dumps({
    "down": [repr(float(v)) for v in DOWN.numpy().ravel()],
    "up": [repr(float(v)) for v in UP.numpy().ravel()[:4]],
    "head": [repr(float(v)) for v in HEAD.numpy().ravel()],
}))

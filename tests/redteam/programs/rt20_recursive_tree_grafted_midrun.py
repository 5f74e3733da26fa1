"""Probes a recursive encoder over a Python tree (TreeRNN-style) whose structure the
program edits in place mid-run: a leaf grafted into a subtree, a node's class changed
to one whose combine differs, and a leaf whose feature index moves.

`encode(node)` returns a tensor: a leaf embeds its token row; a `Sum` node combines its
children with tanh(W [l; r]); a `Gate` node (another class, same fields) combines with
a sigmoid gate.  The step encodes the global TREE and regresses a target.  The loop
grafts a new subtree under the root's right child at step 10, swaps a node's class
from Sum to Gate (`node.__class__ = Gate`) at step 18, changes a leaf's token at step 24
and cuts a subtree off (replaces it by a leaf) at step 30.

Eager recurses over the tree as it is at each call.  A recursive graph that read the
structure at build time, or did not check each node's class at run time, encodes a
stale tree: losses and weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2033)
random.seed(2033)
np.random.seed(2033)
rng = np.random.default_rng(2033)

EMB = tf.Variable(rng.normal(size=(6, 3)).astype(np.float32) * 0.5)
WC = tf.Variable(rng.normal(size=(6, 3)).astype(np.float32) * 0.4)
WG = tf.Variable(rng.normal(size=(6, 3)).astype(np.float32) * 0.4)
OUT = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
VARS = [EMB, WC, WG, OUT]
OPT.build(VARS)


class Leaf:
    def __init__(self, token):
        self.token = token


class Sum:
    def __init__(self, left, right):
        self.left = left
        self.right = right


class Gate:
    def __init__(self, left, right):
        self.left = left
        self.right = right


def encode(node):
    if isinstance(node, Leaf):
        return tf.gather(EMB, [node.token])
    left = encode(node.left)
    right = encode(node.right)
    both = tf.concat([left, right], axis=1)
    if isinstance(node, Gate):
        g = tf.sigmoid(both @ WG)
        return g * left + (1.0 - g) * right
    return tf.tanh(both @ WC)


TREE = Sum(Sum(Leaf(0), Leaf(1)), Sum(Leaf(2), Leaf(3)))
TARGETS = [0.5, -0.3, 0.8, 0.1]


def train_step(target):
    with tf.GradientTape() as tape:
        h = encode(TREE)
        pred = h @ OUT
        loss = tf.reduce_mean(tf.square(pred - target))
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients([(g, v) for g, v in zip(grads, VARS) if g is not None])
    return loss, pred


for step in range(40):
    if step == 10:
        TREE.right.right = Sum(Leaf(4), Leaf(5))
    if step == 18:
        TREE.left.__class__ = Gate
    if step == 24:
        TREE.right.right.left.token = 1
    if step == 30:
        TREE.right = Leaf(2)
    loss, pred = train_step(tf.constant([[TARGETS[step % 4]]]))
    print(step, round(float(loss), 6), round(float(pred[0, 0]), 6))

print(json.dumps({
    "EMB": [round(float(v), 6) for v in EMB.numpy().ravel()],
    "OUT": [round(float(v), 6) for v in OUT.numpy().ravel()],
    "WG": [round(float(v), 6) for v in WG.numpy().ravel()[:6]],
}))

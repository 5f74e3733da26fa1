"""Recursion limit: a recursive tree encoder meets a degenerate chain deeper than
Python's recursion limit; eager raises RecursionError before any update, and the loop
skips the batch.

A recursive graph has no Python frames: it must stop where eager stops (and leave the
call to the interpreter), not encode the chain and train on it.  The gradient is taken
for the head only, so no shared weight sums gradients over the tree's nodes."""
import random

import numpy as np
import tensorflow as tf

random.seed(21)
np.random.seed(21)
tf.random.set_seed(21)
rng = np.random.default_rng(21)
D = 4


class Node:
    def __init__(self, word=-1, left=None, right=None):
        self.word, self.left, self.right = word, left, right


def tree(depth):
    if depth == 0 or rng.uniform() < 0.3:
        return Node(word=int(rng.integers(0, 10)))
    return Node(left=tree(depth - 1), right=tree(depth - 1))


def chain(n):
    node = Node(word=1)
    for _ in range(n - 1):
        node = Node(left=Node(word=2), right=node)
    return node


EMB = tf.Variable(rng.normal(size=(10, D)).astype(np.float32))
W = tf.Variable(rng.normal(size=(D, D)).astype(np.float32) * 0.4)
HEAD = tf.Variable(np.zeros((D, 1), np.float32))


def encode(node):
    if node.left is None:
        return tf.gather(EMB, [node.word])
    return tf.tanh((encode(node.left) + encode(node.right)) @ W)


def train_step(root, target):
    h = encode(root)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(h @ HEAD - target))
    (grad,) = tape.gradient(loss, [HEAD])
    HEAD.assign_sub(0.1 * grad)
    return loss


TREES = [Node(left=tree(3), right=tree(3)) for _ in range(24)]
TREES[8] = chain(1200)
TREES[16] = chain(900)
for step, root in enumerate(TREES):
    try:
        print(step, repr(float(train_step(root, tf.constant([[0.5]])))))
    except RecursionError:
        print(step, "skipped: too deep")
print(HEAD.numpy().ravel().tolist())

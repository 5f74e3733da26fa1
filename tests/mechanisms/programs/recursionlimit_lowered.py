"""Recursion limit: the program lowers Python's recursion limit mid-run
(sys.setrecursionlimit(250)) and raises it again; trees 300 deep then fail in eager
and pass again afterwards.

A graph built while the limit was 1000 must read the limit at each call."""
import random
import sys

import numpy as np
import tensorflow as tf

random.seed(22)
np.random.seed(22)
tf.random.set_seed(22)
rng = np.random.default_rng(22)


class Node:
    def __init__(self, value, child=None):
        self.value, self.child = value, child


def chain(n, start):
    node = None
    for i in range(n):
        node = Node(float(start + i % 7), node)
    return node


SCALE = tf.Variable(1.0)


def depth_sum(node):
    if node.child is None:
        return tf.constant(node.value)
    return 0.5 * depth_sum(node.child) + node.value


def train_step(root):
    total = depth_sum(root)
    with tf.GradientTape() as tape:
        loss = tf.square(total * SCALE - 3.0) * 1e-3
    (grad,) = tape.gradient(loss, [SCALE])
    SCALE.assign_sub(0.01 * grad)
    return loss


for step in range(24):
    if step == 8:
        sys.setrecursionlimit(250)
    if step == 16:
        sys.setrecursionlimit(1000)
    try:
        print(step, repr(float(train_step(chain(300 if step % 2 else 20, step)))))
    except RecursionError:
        print(step, "skipped: too deep for the limit", sys.getrecursionlimit())
print(repr(float(SCALE.numpy())))

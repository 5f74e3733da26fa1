"""Recursion limit: the recursion goes through two functions (expand calls combine,
which calls expand), two Python frames per level; a 600-level chain passes the limit
of 1000 frames in eager, a 400-level one does not.

A recursive graph must count both frames of each level."""
import random

import numpy as np
import tensorflow as tf

random.seed(23)
np.random.seed(23)
tf.random.set_seed(23)
rng = np.random.default_rng(23)


class Node:
    def __init__(self, value, child=None):
        self.value, self.child = value, child


def chain(n):
    node = None
    for i in range(n):
        node = Node(float(i % 5) * 0.1, node)
    return node


GAIN = tf.Variable(0.9)


def expand(node):
    if node.child is None:
        return tf.constant(node.value)
    return combine(node)


def combine(node):
    return GAIN * expand(node.child) + node.value


def train_step(root):
    with tf.GradientTape() as tape:
        loss = tf.square(expand(root) - 0.2)
    (grad,) = tape.gradient(loss, [GAIN])
    GAIN.assign_sub(0.05 * grad)
    return loss


for step in range(24):
    n = {6: 600, 12: 400, 18: 700}.get(step, 10 + step)
    try:
        print(step, n, repr(float(train_step(chain(n)))))
    except RecursionError:
        print(step, n, "skipped: too deep")
print(repr(float(GAIN.numpy())))

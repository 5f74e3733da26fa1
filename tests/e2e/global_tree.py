"""Recursion over a tree read from a global (janus/state/reads.py _global_by_reference): the
tree's root travels as an object pointer read when each call starts, so changes the
program makes to the tree between calls (a node cut off, a value changed, the global
rebound to another tree) are walked as they are then, and gradients flow through the
recursion to a tensor argument the step computed.  Under janus and
JANUS_MODE=off; prints one JSON document."""

import json

import tensorflow as tf

STEPS = 12
W = tf.Variable([[0.5], [-1.0]], dtype=tf.float64)
results = {}


class Node:
    def __init__(self, val, left=None, right=None):
        self.val = val
        self.left = left
        self.right = right


SCALE = tf.Variable(0.5, dtype=tf.float64)


def tree_sum(node):
    if node is None:
        return tf.constant(0.0, tf.float64)
    return node.val * SCALE + tree_sum(node.left) + tree_sum(node.right)


TREE = Node(0.5, Node(1.0), Node(-0.25, Node(2.0)))


def step(x):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, W)
        loss = tf.reduce_mean(pred ** 2) + 0.01 * tree_sum(TREE)
    grads = tape.gradient(loss, [W, SCALE])
    W.assign_sub(0.1 * grads[0])
    SCALE.assign_sub(0.1 * grads[1])
    return loss


for i in range(STEPS):
    x = tf.constant([[1.0, 0.5 * i]], tf.float64)
    if i == 5:
        TREE.right = None
    if i == 7:
        TREE.val = 3.0
    if i == 9:
        TREE = Node(-1.0, Node(4.0, Node(0.5)), None)
    results.setdefault("loss", []).append(float(step(x)))



# The recursion also takes a tensor the step computed: its gradient flows back through
# the recursive backward function, across the cond `node is None` makes at every level.
V = tf.Variable([[0.25], [0.75]], dtype=tf.float64)


def weighted_sum(node, weight):
    if node is None:
        return tf.constant(0.0, tf.float64)
    return node.val * weight + weighted_sum(node.left, weight) + \
        weighted_sum(node.right, weight * 0.5)


def weighted_step(x):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, V)
        loss = tf.reduce_mean(pred ** 2) + 0.1 * weighted_sum(TREE, tf.reduce_mean(pred))
    V.assign_sub(0.05 * tape.gradient(loss, V))
    return loss


for i in range(STEPS):
    if i == 6:
        TREE.left = Node(1.5, None, Node(-0.5))
    results.setdefault("weighted", []).append(
        float(weighted_step(tf.constant([[1.0, 0.25 * i]], tf.float64))))
results["V"] = V.numpy().tolist()
results["W"] = W.numpy().tolist()
results["SCALE"] = float(SCALE.numpy())
print(json.dumps(results))

"""A tiny TreeRNN over Python node objects: `encode(node)` recurses into
`node.left`/`node.right` and mixes children with a per-node Python float
`node.gate`; leaves look up an embedding row by `node.word` (a Python int).  The same
four trees are reused every epoch.  At step 12 the loop edits gates of some nodes in
place, at step 18 relabels a leaf's word, and at step 24 swaps two subtrees of one
tree.  janus turns recursion over objects into recursive graph functions that read node
attributes at run time; in-place edits of those attributes must be seen."""
import random

import numpy

random.seed(151)
numpy.random.seed(151)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4351)
rng = np.random.default_rng(4351)
EMB = tf.Variable(rng.normal(size=(10, 4)).astype(np.float32) * 0.5)
WC = tf.Variable(rng.normal(size=(8, 4)).astype(np.float32) * 0.3)
OUT = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)


class Node:
    def __init__(self, word=None, left=None, right=None, gate=1.0):
        self.word = word
        self.left = left
        self.right = right
        self.gate = gate


def leaf(w):
    return Node(word=w)


def encode(node):
    if node.left is None:
        return tf.gather(EMB, [node.word])
    l = encode(node.left)
    r = encode(node.right)
    return tf.tanh(tf.concat([l, r * node.gate], axis=1) @ WC)


TREES = [
    Node(left=leaf(1), right=Node(left=leaf(2), right=leaf(3), gate=0.5)),
    Node(left=Node(left=leaf(4), right=leaf(5)), right=leaf(6), gate=1.5),
    Node(left=leaf(7), right=leaf(8)),
    Node(left=Node(left=leaf(9), right=leaf(0), gate=2.0), right=Node(left=leaf(1), right=leaf(2))),
]
TARGETS = [0.5, -0.5, 1.0, -1.0]


def train_step(tree, target):
    with tf.GradientTape() as tape:
        h = encode(tree)
        loss = tf.reduce_sum(tf.square(h @ OUT - target))
    grads = tape.gradient(loss, [EMB, WC, OUT])
    for v, g in zip([EMB, WC, OUT], grads):
        v.assign_sub(0.1 * tf.convert_to_tensor(g))
    return loss


for step in range(30):
    if step == 12:
        TREES[0].right.gate = -1.0
        TREES[1].gate = 0.25
    if step == 18:
        TREES[2].left.word = 3
    if step == 24:
        t = TREES[3]
        t.left, t.right = t.right, t.left
    k = step % 4
    loss = train_step(TREES[k], TARGETS[k])
    print(step, repr(float(loss)))

print(json.dumps({"OUT": [repr(float(v)) for v in OUT.numpy().ravel()],
                  "WC": [repr(float(v)) for v in WC.numpy().ravel()[:6]]}))

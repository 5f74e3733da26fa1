"""TreeRNN over parse trees; a degenerate, very deep tree arrives mid-run.

The step encodes a binary parse tree recursively (`encode(node)` calls itself on
`node.left` and `node.right`), as the paper's TreeRNN does, and trains a sentiment head.
Trees are shallow (depth <= 5) until step 12, where the corpus yields a right-branching
chain of 1200 leaves (a run-on "sentence" the parser could not split).  In the
interpreter the recursion passes CPython's recursion limit (1000 frames) and
`RecursionError` leaves the step before any update; the loop catches it, reports the
batch as skipped and goes on.  The same happens at step 22 with a 1500-leaf chain.  A
recursive graph function has no Python frames and no recursion limit: it would encode
the chain and train on it.  Probes: an exception eager raises from Python's own
limits (not from data), inside code turned into recursive graph functions.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1313)
rng = np.random.default_rng(1313)

VOCAB, D = 20, 6


class Node:
    def __init__(self, word=-1, left=None, right=None):
        self.word = word
        self.left = left
        self.right = right


def random_tree(depth):
    if depth == 0 or rng.uniform() < 0.3:
        return Node(word=int(rng.integers(0, VOCAB)))
    return Node(left=random_tree(depth - 1), right=random_tree(depth - 1))


def chain(n):
    node = Node(word=int(rng.integers(0, VOCAB)))
    for _ in range(n - 1):
        node = Node(left=Node(word=int(rng.integers(0, VOCAB))), right=node)
    return node


TREES = [Node(left=random_tree(4), right=random_tree(4)) for _ in range(30)]
TREES[12] = chain(1200)
TREES[22] = chain(1500)
LABELS = rng.integers(0, 2, size=(30,))

EMB = tf.Variable(rng.normal(size=(VOCAB, D)).astype(np.float32) * 0.5)
WL = tf.Variable(rng.normal(size=(D, D)).astype(np.float32) * 0.3)
WR = tf.Variable(rng.normal(size=(D, D)).astype(np.float32) * 0.3)
BH = tf.Variable(tf.zeros((D,)))
WO = tf.Variable(rng.normal(size=(D, 2)).astype(np.float32) * 0.3)
VARS = [EMB, WL, WR, BH, WO]
OPT = keras.optimizers.Adam(learning_rate=0.02)


def encode(node):
    if node.left is None:
        return tf.gather(EMB, [node.word])
    left = encode(node.left)
    right = encode(node.right)
    return tf.tanh(left @ WL + right @ WR + BH)


def train_step(tree, label):
    with tf.GradientTape() as tape:
        h = encode(tree)
        logits = h @ WO
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(label, logits))
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss


skipped = []
for step in range(30):
    try:
        loss = train_step(TREES[step], tf.constant([int(LABELS[step])]))
        print(step, repr(float(loss)))
    except RecursionError:
        skipped.append(step)
        print(step, "skipped: tree too deep")

print(json.dumps({
    "skipped": skipped,
    "iterations": int(OPT.iterations.numpy()),
    "WO": [repr(float(v)) for v in WO.numpy().ravel()],
    "EMB0": [repr(float(v)) for v in EMB.numpy()[0]],
}))

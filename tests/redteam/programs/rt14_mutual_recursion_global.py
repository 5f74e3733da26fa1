"""A TreeRNN whose encoder is MUTUALLY recursive: `encode(node)` handles leaves and
calls `compose(node)` for inner nodes, and `compose` calls `encode` on both children.
`compose` reads a module-level Python float MIX (the residual mixing weight) and a
dict GAIN keyed by the node's label; the loop changes MIX at steps 12 and 24 and
rebinds GAIN["neg"] at step 18.  Trees are generated fresh per step with varying
depth (1-4, the root always an inner node) and labels.

Probes: recursion through two functions.  A converter that detects recursion only
when a function calls itself, or that treats the reads inside a recursive cycle as
build-time constants, bakes MIX/GAIN into the recursive graph function and keeps the
old values after the loop changes them; the losses and final weights then differ.
(Eager reads MIX and GAIN at every node of every call.)
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1421)
rng = np.random.default_rng(1421)

DIM = 4
VOCAB = 10
EMB = tf.Variable(rng.normal(size=(VOCAB, DIM)).astype(np.float32) * 0.4, name="emb")
WC = tf.Variable(rng.normal(size=(2 * DIM, DIM)).astype(np.float32) * 0.3, name="Wc")
WO = tf.Variable(rng.normal(size=(DIM, 1)).astype(np.float32) * 0.3, name="Wo")
VARS = [EMB, WC, WO]
OPT = keras.optimizers.Adam(learning_rate=0.02)
MIX = 0.5
GAIN = {"pos": 1.0, "neg": -1.0, "neu": 0.25}


class Tree:
    def __init__(self, label, tok=None, left=None, right=None):
        self.label = label
        self.tok = tok
        self.left = left
        self.right = right


def encode(node):
    if node.left is None:
        return tf.gather(EMB, [node.tok])
    return compose(node)


def compose(node):
    a = encode(node.left)
    b = encode(node.right)
    h = tf.tanh(tf.concat([a, b], axis=1) @ WC)
    return GAIN[node.label] * (MIX * h + (1.0 - MIX) * 0.5 * (a + b))


LABELS = ["pos", "neg", "neu"]


def random_tree(depth, r):
    if depth == 0 or r.random() < 0.2:
        return Tree("neu", tok=int(r.integers(0, VOCAB)))
    return Tree(LABELS[int(r.integers(0, 3))], left=random_tree(depth - 1, r),
                right=random_tree(depth - 1, r))


def train_step(tree, target):
    with tf.GradientTape() as tape:
        root = encode(tree)
        loss = tf.reduce_mean(tf.square(root @ WO - target))
    OPT.apply_gradients(zip(tape.gradient(loss, VARS), VARS))
    return loss


def count(node):
    return 1 if node.left is None else count(node.left) + count(node.right)


tree_rng = np.random.default_rng(99)
for step in range(36):
    if step == 12:
        MIX = 0.9
    if step == 18:
        GAIN["neg"] = -0.5
    if step == 24:
        MIX = 0.1
    depth = step % 4
    tree = Tree(LABELS[step % 3], left=random_tree(depth, tree_rng),
                right=random_tree(depth, tree_rng))
    target = tf.constant([[1.0 if step % 3 else -1.0]])
    loss = train_step(tree, target)
    print(step, count(tree), repr(float(loss)), "wo0=%r" % float(WO.numpy()[0, 0]))

print(json.dumps({
    "emb": [repr(float(v)) for v in EMB.numpy().ravel()[:8]],
    "wc": [repr(float(v)) for v in WC.numpy().ravel()[:8]],
    "wo": [repr(float(v)) for v in WO.numpy().ravel()],
    "mix": MIX,
    "gain": dict(sorted(GAIN.items())),
}))

"""Token sequences arrive as right-leaning parse trees (a chain of Node(tok, left,
right) objects whose depth grows with the step).  The step linearises the tree with a
pure-Python recursive helper `tokens(node)` (returns a tuple; no TF inside), embeds the
tokens and trains.  If the recursion is too deep, the step catches RecursionError and
falls back to a truncated iterative walk (first 24 tokens) -- a mode it records.  The
loop changes sys.setrecursionlimit mid-run (lowered at step 14, raised a bit at step
26, raised a lot at step 40), so whether a given depth raises depends on the limit in
force at that call.

Probes: Python's recursion limit inside a converted step.  A converter that runs the
recursion in its own interpreter or at build time on a deeper (or shallower) native
stack raises RecursionError at other depths than eager, reads the limit once at build
time, or turns the recursion into a graph function with no limit at all; the recorded
modes, token counts and weights then differ.
"""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1420)
rng = np.random.default_rng(1420)

VOCAB = 16
N_STEPS = 50
BASE_LIMIT = sys.getrecursionlimit()


class Node:
    __slots__ = ("tok", "left", "right")

    def __init__(self, tok, left=None, right=None):
        self.tok = tok
        self.left = left
        self.right = right


def build_chain(depth, toks):
    node = None
    for d in range(depth):
        node = Node(int(toks[d % len(toks)]), Node(int(toks[(d + 3) % len(toks)])), node)
    return node


def tokens(node):
    if node is None:
        return ()
    return tokens(node.left) + (node.tok,) + tokens(node.right)


def tokens_truncated(node, limit=24):
    out = []
    while node is not None and len(out) < limit:
        if node.left is not None:
            out.append(node.left.tok)
        out.append(node.tok)
        node = node.right
    return tuple(out[:limit])


EMB = tf.Variable(rng.normal(size=(VOCAB, 4)).astype(np.float32) * 0.3, name="emb")
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3, name="W")
OPT = keras.optimizers.SGD(learning_rate=0.1)
MODES = []


def train_step(tree, target):
    try:
        toks = tokens(tree)
        mode = "full"
    except RecursionError:
        toks = tokens_truncated(tree)
        mode = "truncated"
    ids = tf.constant(toks, dtype=tf.int32)
    with tf.GradientTape() as tape:
        h = tf.reduce_mean(tf.gather(EMB, ids), axis=0, keepdims=True)
        loss = tf.reduce_mean(tf.square(h @ W - target))
    grads = tape.gradient(loss, [EMB, W])
    OPT.apply_gradients(zip(grads, [EMB, W]))
    MODES.append(mode)
    return loss, mode, len(toks)


RAW = rng.integers(0, VOCAB, size=(N_STEPS, 40))
for step in range(N_STEPS):
    if step == 14:
        sys.setrecursionlimit(220)
    if step == 26:
        sys.setrecursionlimit(420)
    if step == 40:
        sys.setrecursionlimit(BASE_LIMIT)
    depth = 20 + 12 * step
    tree = build_chain(depth, RAW[step])
    target = tf.constant([[float(RAW[step, 0] % 3) - 1.0]])
    loss, mode, n = train_step(tree, target)
    print(step, depth, mode, n, repr(float(loss)))
sys.setrecursionlimit(BASE_LIMIT)

print(json.dumps({
    "modes": "".join(m[0] for m in MODES),
    "emb": [repr(float(v)) for v in EMB.numpy().ravel()[:8]],
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))

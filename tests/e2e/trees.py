"""Recursive models over Python trees (TreeRNN, TreeLSTM), under janus and JANUS_MODE=off.

Every step gets a new tree of plain Python objects, as a user would build it.  Prints
one JSON document, with types (typed.py): per-step losses, the gradients' types and
global norm, finite-difference checks of the converted step's gradients, the final
variables, and janus's report on the functions.
Argument: the number of steps per model (default 24).
"""

import json
import sys

import numpy as np
import tensorflow as tf

from typed import typed

tf.keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(11)
rng = np.random.default_rng(11)
VOCAB, HIDDEN = 30, 6
STEPS = int(sys.argv[1]) if len(sys.argv) > 1 else 24


class Node:
    __slots__ = ("word", "left", "right")

    def __init__(self, word=None, left=None, right=None):
        self.word, self.left, self.right = word, left, right

    @property
    def is_leaf(self):
        return self.left is None


def random_tree(size):
    if size == 1:
        return Node(word=int(rng.integers(VOCAB)))
    split = int(rng.integers(1, size))
    return Node(left=random_tree(split), right=random_tree(size - split))


def linear_tree(size):
    node = Node(word=int(rng.integers(VOCAB)))
    for _ in range(size - 1):
        node = Node(left=node, right=Node(word=int(rng.integers(VOCAB))))
    return node


class TreeRNN:
    def __init__(self):
        self.embed = tf.keras.layers.Embedding(VOCAB, HIDDEN)
        self.combine = tf.keras.layers.Dense(HIDDEN, activation="tanh")
        self.classify = tf.keras.layers.Dense(3)
        self.steps = tf.Variable(0, dtype=tf.int64)

    def encode(self, node):
        if node.is_leaf:
            return self.embed(tf.constant([node.word]))
        return self.combine(tf.concat([self.encode(node.left),
                                       self.encode(node.right)], axis=1))

    def root(self, tree):
        return self.encode(tree)

    def layers(self):
        return [self.embed, self.combine, self.classify]


class TreeLSTM:
    def __init__(self):
        self.embed = tf.keras.layers.Embedding(VOCAB, HIDDEN)
        self.leaf = tf.keras.layers.Dense(2 * HIDDEN)
        self.gates = tf.keras.layers.Dense(5 * HIDDEN)
        self.classify = tf.keras.layers.Dense(3)
        self.steps = tf.Variable(0, dtype=tf.int64)

    def encode(self, node):
        if node.is_leaf:
            i, o = tf.split(self.leaf(self.embed(tf.constant([node.word]))), 2, axis=1)
            c = tf.sigmoid(i) * tf.tanh(o)
            return tf.tanh(c), c
        h_left, c_left = self.encode(node.left)
        h_right, c_right = self.encode(node.right)
        i, f_left, f_right, o, u = tf.split(
            self.gates(tf.concat([h_left, h_right], axis=1)), 5, axis=1)
        c = (tf.sigmoid(i) * tf.tanh(u) + tf.sigmoid(f_left) * c_left +
             tf.sigmoid(f_right) * c_right)
        return tf.sigmoid(o) * tf.tanh(c), c

    def root(self, tree):
        return self.encode(tree)[0]

    def layers(self):
        return [self.embed, self.leaf, self.gates, self.classify]


def variables(model):
    return [v for layer in model.layers() for v in layer.trainable_variables]


def train_step(model, optimizer, tree, label):
    # An update that depends on nothing the tree holds: when a run-time read of the tree
    # fails, it must not have happened either (the interpreter then counts the step).
    model.steps.assign_add(1)
    with tf.GradientTape() as tape:
        logits = model.classify(model.root(tree))
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=tf.constant([label]), logits=logits))
    weights = variables(model)
    grads = tape.gradient(loss, weights)
    optimizer.apply_gradients(zip(grads, weights))
    return loss, grads


def eager_loss(model, tree, label):
    logits = model.classify(model.root(tree))
    return float(tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=tf.constant([label]), logits=logits)))


def finite_difference_error(model, tree, label, grads, probes=6, eps=1e-6):
    """Largest relative gap between the step's gradient and central differences of the
    loss along random directions (computed eagerly, weights restored afterwards)."""
    weights = variables(model)
    worst = 0.0
    for _ in range(probes):
        direction = [rng.standard_normal(w.shape) for w in weights]
        analytic = sum(float(np.sum(np.asarray(tf.convert_to_tensor(g)) * d))
                       for g, d in zip(grads, direction))
        saved = [w.numpy() for w in weights]
        for w, d in zip(weights, direction):
            w.assign_add(eps * d)
        plus = eager_loss(model, tree, label)
        for w, s, d in zip(weights, saved, direction):
            w.assign(s - eps * d)
        minus = eager_loss(model, tree, label)
        for w, s in zip(weights, saved):
            w.assign(s)
        numeric = (plus - minus) / (2 * eps)
        worst = max(worst, abs(numeric - analytic) / max(1e-6, abs(numeric)))
    return worst


optimizers = {}


def train(name, model, make_tree):
    optimizer = optimizers.setdefault(id(model), tf.keras.optimizers.SGD(0.1))
    out = {"loss": [], "grad_types": [], "grad_norm": [], "fd_error": []}
    for step in range(STEPS):
        tree, label = make_tree(step), step % 3
        if step % 8 == 7:
            # Gradients of the converted step before it updates, checked numerically.
            weights = variables(model)
            saved = [w.numpy() for w in weights]
            loss, grads = train_step(model, optimizer, tree, label)
            for w, s in zip(weights, saved):
                w.assign(s)
            out["fd_error"].append(finite_difference_error(model, tree, label, grads))
            optimizer.apply_gradients(zip(grads, weights))
        else:
            loss, grads = train_step(model, optimizer, tree, label)
        out["loss"].append(typed(loss))
        out["grad_types"].append([f"{type(g).__name__} {g.dtype.name}" for g in grads])
        out["grad_norm"].append(float(tf.linalg.global_norm(grads)))
    out["variables"] = typed(variables(model))
    out["steps_counted"] = typed(model.steps)
    return out


def odd_leaf_tree(step):
    """A tree whose one leaf holds a NumPy integer: the graph's run-time read expects a
    Python int, fails, and the interpreter runs that call."""
    tree = random_tree(5)
    if step == 5:
        node = tree
        while not node.is_leaf:
            node = node.right
        node.word = np.int64(node.word)
    return tree


sys.setrecursionlimit(50_000)     # eager recursion over the deep trees below
# One TreeRNN trains on through the sections (as one user model would), so that the
# step function sees two models in all.
tree_rnn = TreeRNN()
results = {
    "treernn": train("treernn", tree_rnn, lambda step: random_tree(2 + step % 9)),
    "treelstm": train("treelstm", TreeLSTM(), lambda step: random_tree(2 + step % 9)),
    # Deep, thin trees: depth 40-60 of nested recursive calls.
    "treernn_linear": train("treernn_linear", tree_rnn, lambda step: linear_tree(40 + step)),
    "treernn_odd_leaf": train("treernn_odd_leaf", tree_rnn, odd_leaf_tree),
}
# Depth 1,000: a linear tree of 1,000 leaves (999 nested recursive calls), 3 steps.
STEPS = 3
results["treernn_depth_1000"] = train("depth", tree_rnn, lambda step: linear_tree(1000))
# The graph's run-time reads hold references only while the call runs.
probe = random_tree(7)
before = sys.getrefcount(probe.left)
train_step(tree_rnn, optimizers[id(tree_rnn)], probe, 1)
results["refcount_delta"] = sys.getrefcount(probe.left) - before
if "janus" in sys.modules:
    from janus.graph import recursion
    results["live_call_arenas"] = recursion.live_calls()

print(json.dumps(results))

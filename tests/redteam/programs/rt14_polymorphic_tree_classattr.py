"""Recursive encoding through polymorphic node METHODS: Leaf.encode, Pair.encode and
Gate.encode (a unary node scaling its child by sigmoid(gate_bias + ...)), each calling
its children's `encode`.  Trees are generated fresh every step with a mix of the three
classes and depths 1-5.  Mid-run the loop changes class-level state the recursion
reads: `Gate.gate_bias` (a class attribute) at step 12, `Pair.encode` is replaced by a
max-pooling variant at step 20, and a subclass `DeepLeaf(Leaf)` with its own scale
starts appearing in the trees from step 26.

Probes: recursive graph functions over Python objects whose CLASS decides the code
that runs.  A converter that specialises the recursion on the classes (or methods)
seen when it was built -- one graph function per code object, class attributes read
once -- keeps the old gate bias, the old Pair.encode, or treats DeepLeaf as Leaf;
eager dispatches on type(node) at every node of every call.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1422)
rng = np.random.default_rng(1422)

DIM = 3
VOCAB = 8
EMB = tf.Variable(rng.normal(size=(VOCAB, DIM)).astype(np.float32) * 0.5, name="emb")
WP = tf.Variable(rng.normal(size=(2 * DIM, DIM)).astype(np.float32) * 0.4, name="Wp")
WG = tf.Variable(rng.normal(size=(DIM, 1)).astype(np.float32) * 0.4, name="Wg")
WO = tf.Variable(rng.normal(size=(DIM, 1)).astype(np.float32) * 0.4, name="Wo")
VARS = [EMB, WP, WG, WO]
OPT = keras.optimizers.SGD(learning_rate=0.1)


class Leaf:
    scale = 1.0

    def __init__(self, tok):
        self.tok = tok

    def encode(self):
        return self.scale * tf.gather(EMB, [self.tok])


class DeepLeaf(Leaf):
    scale = 0.5


class Pair:
    def __init__(self, left, right):
        self.left = left
        self.right = right

    def encode(self):
        return tf.tanh(tf.concat([self.left.encode(), self.right.encode()], axis=1) @ WP)


def pair_encode_max(self):
    return tf.maximum(self.left.encode(), self.right.encode())


class Gate:
    gate_bias = 0.0

    def __init__(self, child):
        self.child = child

    def encode(self):
        h = self.child.encode()
        return h * tf.sigmoid(self.gate_bias + h @ WG)


def random_tree(depth, r, deep_ok):
    u = r.random()
    if depth == 0 or u < 0.15:
        cls = DeepLeaf if (deep_ok and r.random() < 0.5) else Leaf
        return cls(int(r.integers(0, VOCAB)))
    if u < 0.35:
        return Gate(random_tree(depth - 1, r, deep_ok))
    return Pair(random_tree(depth - 1, r, deep_ok), random_tree(depth - 1, r, deep_ok))


def shape_of(node):
    if isinstance(node, Leaf):
        return "D" if isinstance(node, DeepLeaf) else "L"
    if isinstance(node, Gate):
        return "G(" + shape_of(node.child) + ")"
    return "(" + shape_of(node.left) + shape_of(node.right) + ")"


def train_step(tree, target):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tree.encode() @ WO - target))
    grads = tape.gradient(loss, VARS)
    grads = [tf.zeros_like(v) if g is None else g for g, v in zip(grads, VARS)]
    OPT.apply_gradients(zip(grads, VARS))
    return loss


tree_rng = np.random.default_rng(7)
for step in range(40):
    if step == 12:
        Gate.gate_bias = 2.0
    if step == 20:
        Pair.encode = pair_encode_max
    tree = Pair(random_tree(step % 5, tree_rng, step >= 26),
                Gate(random_tree(step % 3, tree_rng, step >= 26)))
    target = tf.constant([[0.5 if step % 2 else -0.5]])
    loss = train_step(tree, target)
    print(step, shape_of(tree), repr(float(loss)))

print(json.dumps({
    "emb": [repr(float(v)) for v in EMB.numpy().ravel()[:9]],
    "wp": [repr(float(v)) for v in WP.numpy().ravel()[:6]],
    "wg": [repr(float(v)) for v in WG.numpy().ravel()],
    "wo": [repr(float(v)) for v in WO.numpy().ravel()],
}))

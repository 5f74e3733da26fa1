"""Keras calls inside a recursive program function (a Tree-RNN encoder over Python tree
objects): LEAF(embedding) at leaves and COMBINE(concat(left, right)) at inner nodes, so the
same two call instructions are reached at every recursion depth with inputs of one shape
but different provenance; the trees differ every step (built from a seeded NumPy
generator), the combine layer's activation changes at step 12 and a node type with a
third child appears from step 20. crc32 of the root encoding keeps the step interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(5656)
TREE_RNG = np.random.default_rng(5656)
EMB = tf.Variable(np.random.default_rng(1).normal(size=(10, 4)).astype("float32"))
LEAF = keras.layers.Dense(4, activation="tanh")
COMBINE = keras.layers.Dense(4, activation="tanh")
COMBINE3 = keras.layers.Dense(4, activation="relu")
HEAD = keras.layers.Dense(1)
LEAF.build((None, 4))
COMBINE.build((None, 8))
COMBINE3.build((None, 12))
HEAD.build((None, 4))
VARS = [EMB] + LEAF.trainable_variables + COMBINE.trainable_variables + COMBINE3.trainable_variables + HEAD.trainable_variables
ALLOW3 = [False]
VISITS = [0]


class Node:
    def __init__(self, word=None, kids=()):
        self.word = word
        self.kids = list(kids)


def random_tree(depth):
    if depth == 0 or TREE_RNG.random() < 0.3:
        return Node(word=int(TREE_RNG.integers(0, 10)))
    n = 3 if (ALLOW3[0] and TREE_RNG.random() < 0.4) else 2
    return Node(kids=[random_tree(depth - 1) for _ in range(n)])


def encode(node):
    VISITS[0] += 1
    if node.word is not None:
        return LEAF(EMB[node.word][None, :])
    hs = [encode(k) for k in node.kids]
    if len(hs) == 2:
        return COMBINE(tf.concat(hs, axis=1))
    return COMBINE3(tf.concat(hs, axis=1))


def flat(t):
    return None if t is None else np.asarray(t).ravel().tolist()


def train_step(tree, target):
    with tf.GradientTape() as tape:
        root = encode(tree)
        p = HEAD(root)
        loss = tf.reduce_mean(tf.square(p - target))
    crc = zlib.crc32(root.numpy().tobytes()) % 853
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        if g is not None:
            if isinstance(g, tf.IndexedSlices):
                g = tf.convert_to_tensor(g)
            v.assign_sub(0.05 * g)
    return loss, grads, crc


for step in range(30):
    if step == 12:
        COMBINE.activation = keras.activations.sigmoid
    if step == 20:
        ALLOW3[0] = True
    tree = random_tree(3)
    target = tf.constant([[float(step % 3) - 1.0]])
    loss, grads, crc = train_step(tree, target)
    print(step, repr(float(loss)), crc, VISITS[0])
    print("  g", flat(tf.convert_to_tensor(grads[0]))[:4], flat(grads[-1]), [g is None for g in grads])

print(json.dumps({"vars": [flat(v) for v in VARS]}))

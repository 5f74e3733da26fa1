"""TreeRNN on one stream of stdlib words shaped as balanced, moderate and linear trees.

A plain eager TF2 program (bench/tree_shapes.py runs it under janus and eagerly): the
same 32-word sentences become complete binary trees, trees split at a quarter, and
left-deep chains (63 nodes each); each shape trains at batch sizes 1, 10 and 25.  Then
single linear trees of 1,000 and 2,000 leaves time the first and later steps.  Prints
one line `TREES {json}`.
"""

import argparse
import json
import sys
import time

import numpy as np
import tensorflow as tf

import trees
from treernn import TreeRNN

SHAPES = ("balanced", "moderate", "linear")
BATCHES = (1, 10, 25)
DEPTHS = (1000, 2000)
WORDS = 32


def word_stream():
    flat = []
    for tree, _ in trees.sentences(400, seed=3):
        stack = [tree]
        while stack:
            node = stack.pop()
            if node.is_leaf:
                flat.append(node.word)
            else:
                stack += [node.right, node.left]
    return flat


def shaped(words, shape):
    if len(words) == 1:
        return trees.Node(word=words[0])
    cut = {"balanced": len(words) // 2, "moderate": max(1, len(words) // 4),
           "linear": len(words) - 1}[shape]
    return trees.Node(left=shaped(words[:cut], shape), right=shaped(words[cut:], shape))


def linear(words):
    node = trees.Node(word=words[0])
    for word in words[1:]:
        node = trees.Node(left=node, right=trees.Node(word=word))
    return node


def train_batch(model, optimizer, batch, labels):
    with tf.GradientTape() as tape:
        logits = model.classify(tf.concat([model.encode(t) for t in batch], axis=0))
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=labels, logits=logits))
    variables = model.variables()
    optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    return loss


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=4)
    args = parser.parse_args()
    sys.setrecursionlimit(100_000)        # eager Python recursion over deep trees
    tf.keras.utils.set_random_seed(0)
    words = word_stream()
    model, optimizer = TreeRNN(), tf.keras.optimizers.Adam(0.01)
    # Untimed first steps: the profiled calls and the first build belong to no row.
    for step in range(8):
        train_batch(model, optimizer, [shaped(words[step * WORDS:(step + 1) * WORDS],
                                              "balanced")], np.array([step % 3], np.int32))
    rows, depth_rows = [], []
    for batch in BATCHES:
        for shape in SHAPES:
            steps = max(2, -(-args.instances // batch)) + args.warmup
            starts = []
            for step in range(steps):
                at = (step * batch * WORDS) % (len(words) - batch * WORDS)
                batch_trees = [shaped(words[at + i * WORDS: at + (i + 1) * WORDS], shape)
                               for i in range(batch)]
                labels = np.array([(at // WORDS + i) % 3 for i in range(batch)], np.int32)
                starts.append(time.perf_counter())
                float(train_batch(model, optimizer, batch_trees, labels))
            starts.append(time.perf_counter())
            timed = starts[args.warmup:]
            rows.append({"batch": batch, "shape": shape,
                         "instances_per_s": batch * (len(timed) - 1) / (timed[-1] - timed[0])})
    for depth in DEPTHS:
        tree = linear(words[:depth])
        times = []
        for _ in range(3):
            started = time.perf_counter()
            float(train_batch(model, optimizer, [tree], np.array([0], np.int32)))
            times.append(time.perf_counter() - started)
        depth_rows.append({"depth": depth, "first_s": times[0], "next_s": min(times[1:])})
    print("TREES " + json.dumps({"rows": rows, "depths": depth_rows}))


if __name__ == "__main__":
    main()

"""A co-executed graph-pooling step (a Python union-find clusters 10 nodes using edges
sampled with np.random.choice from the encoder's numpy similarities, so the step stays
in the interpreter) pools the Keras node encoder's features per cluster with
`tf.math.unsorted_segment_max` and `unsorted_segment_sum`, then scores the pooled
clusters.  Cluster ids and their count change every step.  Ties in the max (two nodes
of a cluster with the same clipped feature) share the gradient as TF's gradient
divides it.  What changes mid-run: from step 12 the pooled features are clipped at
0.3 before the max (`tf.minimum`), creating ties on purpose, and num_segments is
padded to 10 (empty segments: max gives the dtype's lowest value, masked out).
Probes: segment-op gradients in the deferred walk with data-dependent ids, a changing
num_segments operand, ties and empty segments."""
import random

import numpy

random.seed(4618)
numpy.random.seed(4618)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4618)
rng = np.random.default_rng(4618)
NODES = rng.normal(size=(30, 10, 4)).astype(np.float32)
TARGET = rng.normal(size=(30,)).astype(np.float32)
ENC = keras.layers.Dense(3, activation="tanh")
ENC(NODES[0])
SCORE = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.01)
STATE = {"clip": False}


def clusters(sim):
    parent = list(range(10))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    p = np.exp(sim - sim.max())
    p = (p / p.sum()).ravel()
    for e in np.random.choice(100, size=5, replace=False, p=p):
        a, b = divmod(int(e), 10)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    roots = sorted({find(i) for i in range(10)})
    return np.array([roots.index(find(i)) for i in range(10)], np.int32), len(roots)


def train_step(nodes, target):
    h_np = ENC(nodes).numpy().astype(np.float64)
    sim = h_np @ h_np.T
    np.fill_diagonal(sim, -1e9)
    ids, k = clusters(sim)
    nseg = 10 if STATE["clip"] else k
    with tf.GradientTape() as tape:
        h = ENC(nodes)
        if STATE["clip"]:
            h = tf.minimum(h, 0.3)
        mx = tf.math.unsorted_segment_max(h, ids, nseg)
        sm = tf.math.unsorted_segment_sum(h, ids, nseg)
        valid = tf.constant((np.arange(nseg) < k).astype(np.float32)[:, None])
        pooled = tf.concat([mx * valid, sm], axis=1)
        score = tf.reduce_sum(tf.matmul(pooled, SCORE) * valid) / float(k)
        loss = tf.square(score - target)
    variables = ENC.trainable_variables + [SCORE]
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, ids, k, grads


for step in range(28):
    if step == 12:
        STATE["clip"] = True
    loss, ids, k, grads = train_step(tf.constant(NODES[step]), tf.constant(TARGET[step]))
    print(step, k, ids.tolist(), repr(float(loss)), repr(float(grads[0][1, 2])), repr(float(grads[0][3, 0])),
          repr(float(grads[2][2, 0])))

print(json.dumps({"score": [repr(float(v)) for v in SCORE.numpy().ravel()],
                  "k": [repr(float(v)) for v in ENC.kernel.numpy().ravel()]}))

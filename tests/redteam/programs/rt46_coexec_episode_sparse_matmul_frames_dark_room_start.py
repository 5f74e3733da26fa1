"""A co-executed episode step (a pure-Python room environment; each frame's action is
drawn by np.random.choice from the policy's numpy probabilities; episodes last 5 to 8
frames) keeps every frame on one tape.  Each frame's features are computed with raw
TF: relu(obs @ W1), then relu(tf.matmul(h, W2, a_is_sparse=True)) (a SparseMatMul
whose gradient, in graph mode, sees a ReluGrad upstream and uses its sparse kernel;
eagerly it does not), then a Keras policy head (a site).  What changes mid-run: for
the first 6 episodes the room is dark (all-zero observations and zero rewards, so
every gradient term into W1 and W2 is exactly zero); from episode 6 the lights are on.
Probes: per-frame chunks of the deferred walk compared with eager only on runs where
the sparse and dense kernels agree exactly, then used on real frames."""
import random

import numpy

random.seed(4637)
numpy.random.seed(4637)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4637)
rng = np.random.default_rng(4637)
ROOM = rng.normal(size=(50, 10)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(10, 16)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(16, 16)).astype(np.float32) * 0.4)
POLICY = keras.layers.Dense(3)
POLICY(np.zeros((1, 16), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
DARK_UNTIL = 6


def train_step(episode):
    dark = episode < DARK_UNTIL
    pos = episode % 50
    length = 5 + episode % 4
    terms = []
    with tf.GradientTape() as tape:
        for t in range(length):
            obs = np.zeros((1, 10), np.float32) if dark else ROOM[pos][None, :]
            h = tf.nn.relu(tf.matmul(tf.constant(obs), W1))
            h2 = tf.nn.relu(tf.matmul(h, W2, a_is_sparse=True))
            p = tf.nn.softmax(POLICY(h2))[0]
            pn = p.numpy().astype(np.float64)
            a = int(np.random.choice(3, p=pn / pn.sum()))
            pos = (pos + a * 7 + 1) % 50
            r = 0.0 if dark else float(ROOM[pos, 0])
            terms.append(-tf.math.log(p[a]) * r)
        loss = tf.add_n(terms)
    variables = [W1, W2] + POLICY.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, length, grads


for episode in range(26):
    loss, n, grads = train_step(episode)
    g1 = grads[0].numpy()
    print(episode, n, repr(float(loss)), repr(float(g1[2, 5])), repr(float(g1[7, 11])),
          repr(float(np.sum(g1, dtype=np.float64))), repr(float(grads[1][4, 9])))

print(json.dumps({"w1": [repr(float(v)) for v in W1.numpy().ravel()[::7]],
                  "w2": [repr(float(v)) for v in W2.numpy().ravel()[::9]]}))

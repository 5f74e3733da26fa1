"""A co-executed episode step (a Python maze advances per frame; np.random.choice over
the policy's probabilities picks moves; the episode ends on a goal or after 9 frames)
records all frames on one tape.  An auxiliary "wall predictor" head is only applied on
frames where the agent bumped into a wall, so on some episodes it is never used.  The
gradient is asked with `unconnected_gradients=tf.UnconnectedGradients.ZERO`, so the
aux head gets zero gradients (eager makes them with zeros_like of each variable) when
it was unused.  What changes mid-run: from step 11 the walls are moved (the maze's
wall set, a Python set, gets two more cells), so bumps and aux-head use become
frequent.  Probes: unconnected-gradient zeros, a head used on a data-dependent subset
of frames, and per-frame chunking of the deferred walk."""
import random

import numpy

random.seed(4623)
numpy.random.seed(4623)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4623)
TRUNK = keras.layers.Dense(6, activation="tanh")
POLICY = keras.layers.Dense(4)
AUX = keras.layers.Dense(1)
TRUNK(np.zeros((1, 4), np.float32))
POLICY(np.zeros((1, 6), np.float32))
AUX(np.zeros((1, 6), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
WALLS = {(1, 1), (2, 3)}
MOVES = [(0, 1), (1, 0), (0, -1), (-1, 0)]


def obs(pos, t):
    return tf.constant([[pos[0] / 3.0, pos[1] / 3.0, t / 9.0, 1.0]], tf.float32)


def train_step():
    pos = (0, 0)
    with tf.GradientTape() as tape:
        terms = []
        aux_terms = []
        for t in range(9):
            h = TRUNK(obs(pos, t))
            p = tf.nn.softmax(POLICY(h))[0]
            pn = p.numpy().astype(np.float64)
            a = int(np.random.choice(4, p=pn / pn.sum()))
            nxt = (min(max(pos[0] + MOVES[a][0], 0), 3), min(max(pos[1] + MOVES[a][1], 0), 3))
            bumped = nxt in WALLS
            if bumped:
                aux_terms.append(tf.square(AUX(h)[0, 0] - 1.0))
                nxt = pos
            reward = 1.0 if nxt == (3, 3) else -0.05
            terms.append(-tf.math.log(p[a]) * reward)
            pos = nxt
            if pos == (3, 3):
                break
        loss = tf.add_n(terms) / len(terms)
        if aux_terms:
            loss = loss + 0.5 * tf.add_n(aux_terms)
    variables = TRUNK.trainable_variables + POLICY.trainable_variables + AUX.trainable_variables
    grads = tape.gradient(loss, [v.value for v in variables],
                          unconnected_gradients=tf.UnconnectedGradients.ZERO)
    OPT.apply_gradients(zip(grads, variables))
    return loss, len(terms), len(aux_terms), grads


for step in range(26):
    if step == 11:
        WALLS.update({(0, 1), (1, 0)})
    loss, n, na, grads = train_step()
    print(step, n, na, repr(float(loss)), repr(float(grads[0][2, 4])), repr(float(grads[2][5, 1])),
          repr(float(grads[4][3, 0])), repr(float(grads[5][0])), type(grads[4]).__name__)

print(json.dumps({"aux": [repr(float(v)) for v in AUX.kernel.numpy().ravel()],
                  "policy": [repr(float(v)) for v in POLICY.kernel.numpy().ravel()[::2]]}))

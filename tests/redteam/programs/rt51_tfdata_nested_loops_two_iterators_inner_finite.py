"""Query/support training with nested loops over two tf.data iterators: for each of 2
query batches (`for q in islice(Q_IT, 2)`, repeating data) the step pulls up to 2 support
batches (`for s in islice(S_IT, 2)`) from a finite support iterator (25 batches).  The
pulls interleave q, s, s, q, s, s; the support data runs out part-way through a call
(the inner loop then yields fewer or none), and the loop then gives the step a fresh
support iterator (a new epoch).  Probes: nested loops over two tf.data iterators in one call, the
inner one ending mid-call: the (query, support) id pairs per call, nothing lost."""
import random

import numpy

random.seed(5124)
numpy.random.seed(5124)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5124)
rng = np.random.default_rng(5124)

QX = rng.normal(size=(40, 3)).astype(np.float32)
SX = rng.normal(size=(25, 3)).astype(np.float32)
Q = tf.data.Dataset.from_tensor_slices((np.arange(40, dtype=np.int64), QX)).repeat()
S = tf.data.Dataset.from_tensor_slices((np.arange(900, 925, dtype=np.int64), SX))
Q_IT = iter(Q)

W = tf.Variable(tf.eye(3) * 0.1, name="w")
OPT = keras.optimizers.SGD(learning_rate=0.01)


def train_step(s_it):
    pairs = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for qi, qx in itertools.islice(Q_IT, 2):
            for si, sx in itertools.islice(s_it, 2):
                pairs.append((int(qi), int(si)))
                score = tf.reduce_sum(tf.linalg.matvec(W, qx) * sx)
                loss = loss + tf.square(score - 0.25)
    if pairs:
        grads = tape.gradient(loss, [W])
        OPT.apply_gradients(zip(grads, [W]))
    return loss, pairs


s_it = iter(S)
epochs = 0
for step in range(36):
    loss, pairs = train_step(s_it)
    print(step, epochs, pairs, repr(float(loss)))
    if len(pairs) < 4:
        s_it = iter(S)
        epochs += 1

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "q_next": int(next(Q_IT)[0]), "epochs": epochs,
                  "iterations": int(OPT.iterations.numpy())}))

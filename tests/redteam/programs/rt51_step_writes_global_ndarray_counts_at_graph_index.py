"""Hard-example bookkeeping in numpy: the step computes per-example losses, finds the
hardest example of the batch (`int(tf.argmax(per_example))`) and does
`HARD[batch_start + k] += 1` on a global numpy int array, and keeps a running float
array `EMA_LOSS[batch_start:batch_start + 6] = 0.9 * EMA_LOSS[...] + 0.1 * per.numpy()`.
The loop reads both arrays between steps (the hardest count so far, the EMA sum) and,
at step 18, replaces HARD with a fresh zero array.  Probes: in-place writes to the
program's numpy arrays inside the step at an index the graph computes and with values
the graph computes: the arrays' contents, identity and dtypes."""
import random

import numpy

random.seed(5134)
numpy.random.seed(5134)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5134)
rng = np.random.default_rng(5134)

N = 48
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS @ np.array([1.0, 0.5, -0.5], np.float32) + rng.normal(size=N) * 0.2).astype(np.float32)
HARD = np.zeros(N, dtype=np.int64)
EMA_LOSS = np.zeros(N, dtype=np.float32)
W = tf.Variable(tf.zeros((3,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(start, x, y):
    with tf.GradientTape() as tape:
        per = tf.square(tf.linalg.matvec(x, W) - y)
        loss = tf.reduce_mean(per)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    k = int(tf.argmax(per))
    HARD[start + k] += 1
    EMA_LOSS[start:start + 6] = 0.9 * EMA_LOSS[start:start + 6] + 0.1 * per.numpy()
    return loss, k


first_hard = HARD
for step in range(36):
    if step == 18:
        HARD = np.zeros(N, dtype=np.int64)
    start = (step * 6) % 42
    loss, k = train_step(start, tf.constant(XS[start:start + 6]), tf.constant(YS[start:start + 6]))
    print(step, start, k, int(HARD.max()), int(HARD.sum()), repr(float(EMA_LOSS.sum())), repr(float(loss)))

print(json.dumps({
    "hard": HARD.tolist(),
    "first_hard": first_hard.tolist(),
    "same": HARD is first_hard,
    "ema": [repr(float(v)) for v in EMA_LOSS[:12]],
    "dtypes": [HARD.dtype.name, EMA_LOSS.dtype.name],
    "w": [repr(float(v)) for v in W.numpy()],
}))

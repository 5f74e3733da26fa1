"""The step logs into an io.StringIO held in a global (`print(..., file=BUF)`) and
then, in the same call, asks the buffer how much it holds: `BUF.tell()` and
`len(BUF.getvalue())`, deciding from that whether to rotate the log (`BUF.seek(0);
BUF.truncate()`) and storing the sizes.  Output deferred to after the graph would
make those reads see the buffer before this call's line.  At step 10 the loop
replaces BUF with a new StringIO holding a header line; at step 19 LIMIT shrinks
from 400 to 150 characters."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import io
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3626)
rng = np.random.default_rng(3626)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BUF = io.StringIO()
LIMIT = 400
SIZES = []
ROTATIONS = 0


def train_step(x, y):
    global ROTATIONS
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    print("step", int(OPT.iterations), "loss", float(loss), file=BUF)
    pos = BUF.tell()
    size = len(BUF.getvalue())
    SIZES.append((pos, size))
    if size > LIMIT:
        BUF.seek(0)
        BUF.truncate()
        ROTATIONS += 1
    return loss, pos, size


for step in range(30):
    if step == 10:
        BUF = io.StringIO("header line\n")
        BUF.seek(0, 2)
    if step == 19:
        LIMIT = 150
    i = (step * 8) % 56
    loss, pos, size = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), pos, size, ROTATIONS)

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
    "buf": BUF.getvalue(),
    "sizes": SIZES[-4:],
}))
del BUF

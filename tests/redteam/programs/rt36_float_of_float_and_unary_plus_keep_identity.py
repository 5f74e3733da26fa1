"""In CPython `float(x)` of an exact float and `+x` of one return x itself (no new
object), `x.real` too, and `int(i)`/`+i` of an exact int return i.  The step computes
v = float(loss) (a float the graph computes) and stores v, float(v), +v in
a record, and `abs(v)` (a new float), and does the same for CAP, a float read from the program's state; the loop
checks which of them are one object (`rec[1] is rec[0]` ...).  At step 12 CAP is
rebound to another float (equal value, other object), at step 20 to an int (whose
float() is a new object)."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3622)
rng = np.random.default_rng(3622)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CAP = 0.75
RECS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * CAP
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    v = float(loss)
    rec = (v, float(v), +v, abs(v) if v >= 0 else v, CAP, float(CAP), +CAP)
    RECS.append(rec)
    return loss, rec


for step in range(30):
    if step == 12:
        CAP = float("0.75")
    if step == 20:
        CAP = 1
    i = (step * 8) % 56
    loss, rec = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    same = [rec[1] is rec[0], rec[2] is rec[0], rec[3] is rec[0], rec[4] is CAP,
            rec[5] is CAP, rec[6] is CAP, RECS[-1] is rec]
    print(step, float(loss).hex(), same, type(rec[5]).__name__)

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
    "last": [repr(v) for v in RECS[-1]],
}))

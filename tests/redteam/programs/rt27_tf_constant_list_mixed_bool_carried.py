"""The step builds a small gate vector from Python values it computes,
gate = tf.constant([on, 0.5]), where on = float(improved) while CAST is True and the
bool improved itself once the loop sets CAST = False at step 15 (improved =
float(loss) < best, a bool the graph computes).  Eager's list conversion refuses a
sequence mixing a bool with a float: ValueError "Can't convert Python sequence with
mixed types to Tensor".  The step catches ValueError and uses the gate [1.0, 0.5].
The gate scales the loss.  Probes: a bool the graph computes inside a list handed to
tf.constant next to a float."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2721)
numpy.random.seed(2721)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27211)
rng = np.random.default_rng(27211)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CAST = True
FALLBACKS = [0]


class Tracker:
    def __init__(self):
        self.best = 10.0


TR = Tracker()


def train_step(x, y):
    h0 = tf.tanh(x @ W1)
    base = float(tf.reduce_mean(tf.square(h0 @ W2 - y)))
    improved = base < TR.best
    TR.best = min(TR.best, base)
    on = float(improved) if CAST else improved
    try:
        gate = tf.constant([on, 0.5])
    except ValueError:
        FALLBACKS[0] += 1
        gate = tf.constant([1.0, 0.5])
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = (gate[0] + gate[1]) * tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, gate


for step in range(30):
    if step == 15:
        CAST = False
    i = (step * 8) % 56
    loss, gate = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), gate.numpy().tolist(), gate.dtype.name, FALLBACKS[0])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "best": repr(TR.best),
}))

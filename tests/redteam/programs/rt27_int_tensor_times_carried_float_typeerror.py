"""Before its tape the step computes a count bonus, counts * per where counts is an
int32 tensor argument and per comes from the optimizer's iteration counter:
it // 4 (a Python int) while MODE is "int", it / 4 (a Python float) once the loop sets
MODE = "float" at step 15.  Eager TF converts a Python float to an int32 tensor for the
multiplication only by refusing it: TypeError "Cannot convert 2.0 to EagerTensor of
dtype int32", for integral floats too.  The step catches TypeError and uses no bonus;
the loss adds 1e-4 times the summed bonus.  Probes: a Python float the graph computes
handed to a TF op on an integer tensor."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2707)
numpy.random.seed(2707)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27071)
rng = np.random.default_rng(27071)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
CS = rng.integers(0, 5, size=(64,)).astype(np.int32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
MODE = "int"
SKIPPED = [0]


def train_step(x, y, counts):
    it = int(OPT.iterations)
    per = it // 4 if MODE == "int" else it / 4
    try:
        bonus = tf.cast(tf.reduce_sum(counts * per), tf.float32)
    except TypeError:
        SKIPPED[0] += 1
        bonus = tf.constant(0.0)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + 1e-4 * bonus
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, bonus


for step in range(30):
    if step == 15:
        MODE = "float"
    i = (step * 8) % 56
    loss, bonus = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                             tf.constant(CS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(bonus)), SKIPPED[0])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "skipped": SKIPPED[0],
}))

"""The step asks TensorFlow about the graph it runs in, as graph-aware utility code
does: g = get_default_graph() (tf.compat.v1's, bound at import), then g is ROOT (ROOT is the default graph
the program saw at import), g.building_function and type(g).__name__.  In eager the
default graph is the process's global graph: the answers stay (True, False, "Graph").  At step 15 the loop starts calling the step under a
tf.name_scope("ft") the program enters (NAMESCOPE = True).  Probes: TF's graph-context
queries that a step can make where eager has no graph."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2739)
numpy.random.seed(2739)

import contextlib
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27391)
rng = np.random.default_rng(27391)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
get_default_graph = tf.compat.v1.get_default_graph
ROOT = get_default_graph()
NAMESCOPE = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    g = get_default_graph()
    info = (g is ROOT, g.building_function, type(g).__name__)
    return loss, info


for step in range(30):
    if step == 15:
        NAMESCOPE = True
    i = (step * 8) % 56
    scope = tf.name_scope("ft") if NAMESCOPE else contextlib.nullcontext()
    with scope:
        loss, info = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), info)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

"""A manual max-norm constraint applied after each Adam update: `if
tf.reduce_max(tf.norm(W, axis=0)) > MAXNORM:` rescale the columns and count the clip in
an attribute.  The branch reads the weights the update just wrote.  In the profiled
calls it never clips; from step 11 the learning rate is raised (a Python float set on the
optimizer's variable by the loop) and the norm crosses the bound on some steps, so the
branch goes the other way after Adam's slots, iterations and the weights were updated in
the same call.  Probes: a speculated branch whose predicate is downstream of the
optimizer's updates, flipping after conversion; variables (incl. optimizer slots and
iterations) and Python writes must land exactly once."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4426)
rng = np.random.default_rng(4426)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 3)).astype(np.float32) * 2.0).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 3)).astype(np.float32) * 0.1)
OPT = keras.optimizers.Adam(learning_rate=0.01)
MAXNORM = 1.5


class Clips:
    def __init__(self):
        self.n = 0


CL = Clips()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    norms = tf.norm(W, axis=0)
    if tf.reduce_max(norms) > MAXNORM:
        W.assign(W * tf.minimum(1.0, MAXNORM / norms))
        CL.n += 1
    return loss, tf.reduce_max(norms)


for step in range(32):
    if step == 11:
        OPT.learning_rate.assign(0.3)
    i = (step * 8) % 120
    loss, mx = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    m = OPT.variables[1].numpy().ravel()
    print(step, repr(float(loss)), repr(float(mx)), CL.n, int(OPT.iterations.numpy()),
          repr(float(W.numpy()[0, 0])), repr(float(m[0])))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "clips": CL.n}))

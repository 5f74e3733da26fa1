"""A co-executed step (np.random.choice over the model's softmax picks the training
rows, so the step stays in the interpreter) passes the trunk's features through a
`tf.custom_gradient` "critic shaping" op.  What changes mid-run: from step 11 the
op's backward function (Python, run during the outer tape's walk) opens a GradientTape
of its own, calls a Keras critic on the saved features inside it, asks that tape for
the critic's gradient with respect to the features, and adds it to the upstream
gradient; before step 11 it returns the upstream gradient scaled by 0.9.  The critic is
never trained, only read.  Probes: an independent tape walk (with a Keras call)
started from inside a Python backward function while the outer walk is deferred."""
import random

import numpy

random.seed(4606)
numpy.random.seed(4606)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4606)
rng = np.random.default_rng(4606)
XS = rng.normal(size=(80, 6)).astype(np.float32)
YS = (XS[:, :2] * 0.5).astype(np.float32)
TRUNK = keras.layers.Dense(5, activation="tanh")
HEAD = keras.layers.Dense(2)
CRITIC = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation="softplus"),
                           keras.layers.Dense(1)])
TRUNK(XS[:1])
HEAD(np.zeros((1, 5), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
MODE = {"inner": False}
BACKWARD_LOG = []


@tf.custom_gradient
def critic_shaped(h):
    def grad(dy):
        if MODE["inner"]:
            with tf.GradientTape() as inner:
                inner.watch(h)
                c = tf.reduce_sum(CRITIC(h))
            gh = inner.gradient(c, h)
            BACKWARD_LOG.append(repr(float(tf.reduce_sum(gh))))
            return dy + 0.1 * gh
        BACKWARD_LOG.append("plain")
        return dy * 0.9
    return tf.identity(h), grad


def train_step(x, y):
    p = tf.nn.softmax(HEAD(TRUNK(x))[:, 0]).numpy().astype(np.float64)
    rows = np.random.choice(len(p), size=5, replace=False, p=p / p.sum())
    xb = tf.gather(x, rows)
    yb = tf.gather(y, rows)
    with tf.GradientTape() as tape:
        h = TRUNK(xb)
        s = critic_shaped(h)
        out = HEAD(s)
        loss = tf.reduce_mean(tf.square(out - yb))
    variables = TRUNK.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, grads, rows


for step in range(26):
    if step == 11:
        MODE["inner"] = True
    i = (step * 8) % 72
    loss, grads, rows = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(grads[0][2, 3])), repr(float(grads[1][4])),
          repr(float(grads[2][1, 0])), BACKWARD_LOG[-1], rows.tolist())

print(json.dumps({"log": BACKWARD_LOG, "trunk": [repr(float(v)) for v in TRUNK.kernel.numpy().ravel()]}))

"""A tiny linear model whose training step prints its raw tf.Variable (`print(W)`, the
full `<tf.Variable 'w:0' shape=... numpy=...>` repr) before the update, `print(repr(B))`
and an f-string of the Keras optimizer's `iterations` variable after the update, and a
`str()` of the gradient tensor.  So each printed repr must show the value the variable
held at that point of the call (before vs after the update in one call).  Probes:
output of variable and tensor reprs inside a hot step, in program order, with values
that change inside the call."""
import random

import numpy

random.seed(73)
numpy.random.seed(73)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7324)
rng = np.random.default_rng(7324)
np.set_printoptions(precision=4)
XS = rng.normal(size=(120, 2)).astype(np.float32)
YS = (XS @ np.array([[0.3], [-0.7]], np.float32) + 0.25).astype(np.float32)

W = tf.Variable([[0.0], [0.0]], name="w")
B = tf.Variable([0.0], name="b")
OPT = keras.optimizers.SGD(learning_rate=0.2)


def train_step(x, y):
    print("  before:", W)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    print("  grad:", str(gw))
    OPT.apply_gradients(zip([gw, gb], [W, B]))
    print("  after b:", repr(B))
    print(f"  iterations={OPT.iterations}")
    return loss


for step in range(32):
    i = (step * 3) % 117
    loss = train_step(tf.constant(XS[i:i + 3]), tf.constant(YS[i:i + 3]))
    print(step, repr(float(loss)))

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "b": repr(float(B.numpy()[0])),
    "iterations": int(OPT.iterations.numpy()),
}))

"""Mixture-of-experts routing written with plain Python: in each iteration of a
`for i in tf.range(3)`-style loop whose bound n is data-decided (1..3), the body picks
an expert layer by a tensor test (`if tf.reduce_mean(h) > 0: h = expert_a(h) else:
h = expert_b(h)`).  For some calls one expert is never picked, and eagerly its
gradients are None.  The step filters None gradients, counts them per expert in a
dict, and applies the rest with SGD with momentum (so a zero gradient would still move
the weights).  Probes: a layer chosen inside a loop on a tensor by a tensor test,
gradients that exist only for the layers the data routed to."""
import random

import numpy

random.seed(78)
numpy.random.seed(78)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4038)
rng = np.random.default_rng(4038)
XS = rng.normal(size=(96, 4)).astype(np.float32)
XS[::3] += 1.5
YS = (np.tanh(XS[:, :1] - 0.5)).astype(np.float32)
expert_a = keras.layers.Dense(4, activation="tanh", name="expert_a")
expert_b = keras.layers.Dense(4, activation="tanh", name="expert_b")
head = keras.layers.Dense(1, name="head")
for layer in (expert_a, expert_b, head):
    layer.build((None, 4))
VARS = expert_a.trainable_variables + expert_b.trainable_variables + head.trainable_variables
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)
OPT.build(VARS)
NONES = {"expert_a": 0, "expert_b": 0, "head": 0}


def train_step(x, y):
    n = 1 + tf.reduce_sum(tf.cast(y[:, 0] > 0.0, tf.int32)) % 3
    with tf.GradientTape() as tape:
        h = x
        for i in tf.range(n):
            if tf.reduce_mean(h) > 0.1:
                h = expert_a(h)
            else:
                h = expert_b(h)
        loss = tf.reduce_mean(tf.square(head(h) - y))
    grads = tape.gradient(loss, VARS)
    pairs = []
    for g, v in zip(grads, VARS):
        if g is None:
            NONES[v.path.split("/")[0]] += 1
        else:
            pairs.append((g, v))
    OPT.apply_gradients(pairs)
    return loss, n


for step in range(30):
    i = (step * 8) % 96
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(loss)), NONES)

print([repr(float(tf.reduce_sum(v))) for v in VARS])

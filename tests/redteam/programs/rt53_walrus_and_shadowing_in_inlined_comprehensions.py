"""Python 3.12+ inlined comprehensions (PEP 709) in a training step: a walrus inside a
list comprehension accumulates a running sum of per-variable gradient norms into a name
of the step (`[(run := run + tf.norm(g)) for g in grads]`), a second walrus counts
Python-side how many variables pass a size filter, a comprehension reuses the name `g`
that the step bound earlier to a tag string (which must be restored after it), and a
nested comprehension with a condition on a global threshold builds per-layer scales.
The running sum drives clipping.  The loop changes the threshold (step 10) and the
decay the walrus multiplies by (step 19).  Probes: comprehension-local and walrus-bound
names in the step's frame (LOAD_FAST_AND_CLEAR/STORE_FAST around the inlined loop), a
shadowed name restored, and globals read inside comprehensions."""
import random

import numpy

random.seed(559)
numpy.random.seed(559)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(559)
rng = np.random.default_rng(559)
XS = rng.normal(size=(160, 5)).astype(np.float32)
YS = (XS[:, :1] * 3.0 - XS[:, 2:3] ** 2).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(4, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.02)
THRESH = 8
DECAY = 0.9


def train_step(x, y):
    g = "tag"
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    run = tf.constant(0.0)
    partial = [(run := run + tf.norm(g)) for g in grads]
    n = 0
    big = [v.shape[0] for v in MODEL.trainable_variables if (n := n + 1) and v.shape[0] >= THRESH]
    s = 1.0
    scales = [[(s := s * DECAY) for _ in range(2)] for layer in MODEL.layers if layer.units <= THRESH]
    flat = [c for row in scales for c in row]
    factor = tf.minimum(1.0, 5.0 / run)
    grads = [gr * factor * flat[min(j // 2, len(flat) - 1)] for j, gr in enumerate(grads)]
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, run, partial[1], g, n, big, s


for step in range(30):
    if step == 10:
        THRESH = 4
    if step == 19:
        DECAY = 0.5
    i = (step * 8) % 152
    loss, run, p1, g, n, big, s = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(run)), repr(float(p1)), g, n, big, repr(s))

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]]}))

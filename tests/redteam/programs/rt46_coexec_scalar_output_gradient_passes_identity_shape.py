"""A co-executed step (a crc32 of the features decides in Python whether to clip the
targets, so the step stays in the interpreter) asks a persistent tape for the gradient
of `y = tf.identity(h)` (h = the Keras softplus trunk's output, shape (8, 4)) with respect to
h and the weights, given output_gradients.  Eagerly TF's Identity gradient hands the
output gradient back unchanged, so the gradient with respect to h has the output
gradient's own shape, and the later gradient functions broadcast it.  What changes
mid-run: at step 12 the output gradient changes from a (8, 4) tensor of per-unit
weights to a scalar (a single Python float made into a tensor); eager then returns a
scalar for h (shape ()), and full-shape weight gradients.  Probes: the shape the
deferred walk's placeholders assume versus the shape eager's gradient has."""
import random

import numpy

random.seed(4612)
numpy.random.seed(4612)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4612)
rng = np.random.default_rng(4612)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = rng.normal(size=(80, 4)).astype(np.float32)
TRUNK = keras.layers.Dense(4, activation="softplus")
TRUNK(XS[:1])
OPT = keras.optimizers.SGD(learning_rate=0.05)
MODE = {"scalar": False}
UNIT_W = rng.uniform(0.5, 1.5, size=(8, 4)).astype(np.float32)


def train_step(x, y):
    clip = zlib.crc32(x.numpy().tobytes()) % 3 == 0
    if clip:
        y = tf.clip_by_value(y, -0.5, 0.5)
    with tf.GradientTape(persistent=True) as tape:
        h = TRUNK(x)
        out = tf.identity(h)
    resid = (out - y).numpy()
    if MODE["scalar"]:
        og = tf.constant(float(np.mean(resid)) * 2.0)
    else:
        og = tf.constant(resid * UNIT_W * 2.0 / resid.size)
    g_h, g_k, g_b = tape.gradient(out, [h] + TRUNK.trainable_variables, output_gradients=og)
    del tape
    OPT.apply_gradients(zip([g_k, g_b], TRUNK.trainable_variables))
    return clip, g_h, g_k, g_b, og


for step in range(26):
    if step == 12:
        MODE["scalar"] = True
    i = (step * 8) % 72
    clip, g_h, g_k, g_b, og = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, clip, tuple(g_h.shape), g_h is og, repr(float(tf.reduce_sum(g_h))),
          tuple(g_k.shape), repr(float(g_k[2, 3])), repr(float(g_b[1])))

print(json.dumps({"k": [repr(float(v)) for v in TRUNK.kernel.numpy().ravel()],
                  "b": [repr(float(v)) for v in TRUNK.bias.numpy().ravel()]}))

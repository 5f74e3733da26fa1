"""An auxiliary-loss grid built inside the step with itertools.product over two
generators the step makes (per-layer scales and noise levels, each printing and logging
as it yields).  CPython's product drains both generators completely when it is
constructed, before the "grid made" line, even though the consumer then stops after
BUDGET pairs; a product with repeat=2 over a small tuple and `type(grid).__name__` are
printed too.  BUDGET (a global) and the NOISE list the second generator walks are edited
between steps (steps 8, 15, 23).  Probes: itertools.product's eager consumption of its
inputs vs a lazily resumed generator, output interleaving, early break."""
import random

import numpy

random.seed(4703)
numpy.random.seed(4703)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4703)
rng = np.random.default_rng(4703)
XS = rng.normal(size=(80, 3)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] - XS[:, 2:3]).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((3,)),
    keras.layers.Dense(10, activation="tanh"),
    keras.layers.Dense(5, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.Adam(learning_rate=0.01)
BUDGET = 3
NOISE = [0.0, 0.01, 0.02]
TRACE = []


def layer_scales():
    for idx, layer in enumerate(MODEL.layers):
        s = 0.1 * (idx + 1)
        print("    scale", idx, s)
        TRACE.append(("s", idx))
        yield idx, s


def noise_levels():
    for n in NOISE:
        print("    noise", n)
        TRACE.append(("n", n))
        yield n


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
        grid = itertools.product(layer_scales(), noise_levels())
        print("  grid made", type(grid).__name__)
        aux = tf.constant(0.0)
        used = 0
        for (idx, s), n in grid:
            if used >= BUDGET:
                break
            k = MODEL.layers[idx].kernel
            aux = aux + s * (1.0 + n) * tf.reduce_mean(tf.square(k))
            used += 1
        pairs = list(itertools.product((1, 2), repeat=2))
        total = loss + 0.01 * aux
    grads = tape.gradient(total, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    print("  used", used, pairs[-1], len(pairs))
    return loss, aux


for step in range(28):
    if step == 8:
        BUDGET = 5
    if step == 15:
        NOISE.append(0.05)
    if step == 23:
        NOISE[:] = [0.1]
        BUDGET = 1
    i = (step * 8) % 72
    loss, aux = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(aux)))

print(json.dumps({
    "trace_len": len(TRACE),
    "trace_tail": [list(t) for t in TRACE[-6:]],
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
}))

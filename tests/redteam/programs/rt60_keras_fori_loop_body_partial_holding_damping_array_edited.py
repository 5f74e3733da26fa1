"""A Sequential encoder whose output the training step refines for a fixed number of
iterations with `keras.ops.fori_loop(0, 3, REFINE, h)` before the head.  REFINE is a
global `functools.partial(refine, DAMP, temperature=1.0)` of a program function
`refine(damp, i, h, temperature)`, and DAMP a float32 ndarray of per-iteration
damping factors.  Mid-run the loop writes into DAMP in place (step 7: DAMP[1] = 0.9;
step 21: DAMP[:] = 0.05), edits the partial's keywords in place
(`REFINE.keywords["temperature"] = 0.5` at step 13), and rebinds REFINE to a new
partial over a list instead of an array (step 27).
Probes: a partial handed to keras.ops' loop (unrolled by janus as a static-bound
loop that calls the body back): the array and keywords the partial passes to the
program's function are read natively by the C partial, not by a guarded path."""
import random

import numpy

random.seed(6006)
numpy.random.seed(6006)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6006)
rng = np.random.default_rng(6006)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (np.abs(XS[:, :2]).sum(axis=1, keepdims=True) * 0.4 - 0.5).astype(np.float32)

ENCODER = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(5),
])
HEAD = keras.Sequential([keras.Input((5,)), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
VARS = ENCODER.trainable_variables + HEAD.trainable_variables


def refine(damp, i, h, temperature=1.0):
    return h - damp[i] * (h - keras.ops.tanh(h / temperature))


DAMP = np.array([0.5, 0.3, 0.1], dtype=np.float32)
REFINE = functools.partial(refine, DAMP, temperature=1.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = ENCODER(x, training=True)
        h = keras.ops.fori_loop(0, 3, REFINE, h)
        pred = HEAD(h)
        loss = keras.ops.mean(keras.ops.square(pred - y))
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss


for step in range(34):
    if step == 7:
        DAMP[1] = 0.9
    if step == 13:
        REFINE.keywords["temperature"] = 0.5
    if step == 21:
        DAMP[:] = 0.05
    if step == 27:
        REFINE = functools.partial(refine, [0.2, 0.2, 0.6], temperature=2.0)
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), DAMP.tolist(), REFINE.keywords["temperature"],
          repr(float(HEAD.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({
    "enc": [repr(float(v)) for v in ENCODER.layers[1].kernel.numpy().ravel()[:8]],
    "head": [repr(float(v)) for v in HEAD.layers[0].kernel.numpy().ravel()],
}))

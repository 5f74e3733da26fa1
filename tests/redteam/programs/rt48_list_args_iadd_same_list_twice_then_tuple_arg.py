"""The step takes two history containers as ARGUMENTS and extends both with `+=`:
`hist += [v]` then `other += [len(hist), hist[-1] > 0.2]`.  The loop passes two distinct
lists (steps 0-9), the SAME list as both arguments (steps 10-17: the second `+=` sees the
first one's item and `len(hist)` counts both), a list and a TUPLE (steps 18-23: `other
+= [...]` raises TypeError inside the step, caught there, and only rebinds the local on
the good path), then the two lists swapped (24-31).  Only the caller's list objects
change; the returned `other` shows what the local became.  Probes: `+=` on arguments
(names assigned only by `+=`) whose identity and type vary between calls."""
import random

import numpy

random.seed(4809)
numpy.random.seed(4809)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4809)
rng = np.random.default_rng(4809)
XS = rng.normal(size=(80, 6)).astype(np.float32)
YS = rng.integers(0, 3, size=(80,)).astype(np.int32)

MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.02)
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y, hist, other):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    v = float(loss)
    hist += [v]
    try:
        other += [len(hist), hist[-1] > 1.05]
        err = None
    except TypeError as e:
        err = str(e)
    return loss, other, err


A = []
B = []
T = ("tuple-start",)
for step in range(32):
    if step < 10:
        args = (A, B)
    elif step < 18:
        args = (A, A)
    elif step < 24:
        args = (B, T)
    else:
        args = (B, A)
    i = (step * 8) % 72
    loss, other, err = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), *args)
    print(step, repr(float(loss)), len(A), len(B), other is args[1], type(other).__name__, err,
          A[-3:] if step >= 10 else A[-1:], B[-2:])

print(json.dumps({"A": [repr(v) if isinstance(v, float) else v for v in A[-6:]],
                  "B": [repr(v) if isinstance(v, float) else v for v in B[-6:]], "T": list(T),
                  "nA": len(A), "nB": len(B),
                  "w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:6]]}))

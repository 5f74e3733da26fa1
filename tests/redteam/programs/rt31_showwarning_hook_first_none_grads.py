"""The program routes warnings to its own log: warnings.showwarning is replaced by a
function that prints the category and the message's first words to stdout (the
filters stay Python's defaults: each distinct warning once per location).  A
two-head model trains head A only until step 10, when the co-executed step
(zlib.crc32 of the batch) starts training head B only, so the optimizer site sees
None gradients for the first time after its graph was built; at step 20 it trains
both and then only the encoder, with a different set of None gradients.  Probes:
the first showing of a library warning from inside an optimizer site, observed
through the program's own showwarning."""
import random

import numpy

random.seed(61)
numpy.random.seed(61)

import json
import warnings
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6101)
rng = np.random.default_rng(6101)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YA = np.sin(XS[:, :1]).astype(np.float32)
YB = np.cos(XS[:, 1:2]).astype(np.float32)
SHOWN = []


def log_warning(message, category, filename, lineno, file=None, line=None):
    words = " ".join(str(message).split()[:4])
    SHOWN.append(words)
    print("  warning:", category.__name__, words)


warnings.showwarning = log_warning

inp = keras.Input((5,))
h = keras.layers.Dense(8, activation="tanh", name="enc")(inp)
model = keras.Model(inp, [keras.layers.Dense(1, name="ha")(h), keras.layers.Dense(1, name="hb")(h)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.Adam(0.02)
crcs = []


def train_step(x, ya, yb, mode):
    crcs.append(zlib.crc32(x.tobytes()) % 1234)
    with tf.GradientTape() as tape:
        pa, pb = model(x)
        if mode == "a":
            loss = mse(ya, pa)
        elif mode == "b":
            loss = mse(yb, pb)
        else:
            loss = mse(ya, pa) + mse(yb, pb)
    tv = model.trainable_variables
    grads = tape.gradient(loss, tv)
    if mode == "enc":
        grads = [g if "enc" in v.path else None for g, v in zip(grads, tv)]
    opt.apply_gradients(zip(grads, tv))
    return loss


for step in range(30):
    mode = "a" if step < 10 else "b" if step < 20 else "both" if step < 25 else "enc"
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YA[i:i + 8], YB[i:i + 8], mode)
    print(step, mode, repr(float(loss)), len(SHOWN))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "shown": SHOWN, "crcs": crcs[-3:],
}))

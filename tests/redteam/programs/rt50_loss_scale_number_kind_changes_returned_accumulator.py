"""A step that returns a Python number computed from the loss and a global SCALE, whose
kind the loop changes mid-run: a float 1.0, then the int 2 (step 10), then
numpy.float32(0.5) (step 18), then True (step 26), then numpy.int64(3) (step 33).  The
step returns `value = float(loss) * SCALE` and also adds it into a global TOTAL, and
the loop prints `type(value).__name__` and `repr(value)` (numpy's scalar types print as
`np.float32(...)`, and float * np.float32 is np.float32 under NumPy 2's promotion).
Probes: Python/numpy number semantics (types, promotion, reprs) of values a hot step
computes from graph results and a global whose type changes, the accumulator's type
and value, the weights."""
import random

import numpy

random.seed(79)
numpy.random.seed(79)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7930)
rng = np.random.default_rng(7930)
XS = rng.normal(size=(160, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.9 + XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(5, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCALE = 1.0
TOTAL = 0


def train_step(x, y):
    global TOTAL
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    value = float(loss) * SCALE
    TOTAL = TOTAL + value
    return value


for step in range(40):
    if step == 10:
        SCALE = 2
    if step == 18:
        SCALE = np.float32(0.5)
    if step == 26:
        SCALE = True
    if step == 33:
        SCALE = np.int64(3)
    i = (step * 4) % 156
    value = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, type(value).__name__, repr(value), type(TOTAL).__name__, repr(TOTAL))

print(json.dumps({
    "total_type": type(TOTAL).__name__, "total": repr(TOTAL),
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))

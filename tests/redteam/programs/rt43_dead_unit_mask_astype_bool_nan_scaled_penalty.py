"""Dead-unit monitoring: the step takes the hidden pre-activations, marks units as alive
with `.numpy().astype(bool)` of the activation values (a NaN from an exploding unit counts
as alive, -0.0 as dead), scales the masks by Python floats (`alive * 1.5`, a bool array
times a float is float64 in numpy) and adds bool masks with `alive + alive_prev` (bool
+ bool is logical or in numpy, a bool array again).  The caller feeds a NaN into one
feature from step 14 to produce NaN activations.  The penalty it derives is printed,
not trained on.  Probes: astype(bool) of floats with NaN and -0.0, bool-array arithmetic
with Python floats and with bool arrays."""
import random

import numpy

random.seed(4330)
numpy.random.seed(4330)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4330)
rng = np.random.default_rng(4330)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.02)


def train_step(x, y, probe):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    alive = (probe @ W1).numpy().astype(bool)
    alive_h = h.numpy().astype(bool)
    weighted = alive * 1.5
    either = alive + alive_h
    return loss, alive, weighted, either


for step in range(30):
    i = (step * 16) % 112
    probe = XS[i:i + 16].copy()
    probe[:, 0] = 0.0
    probe[:, 1] = -0.0
    if step >= 14:
        probe[:4, 2] = np.nan
    loss, alive, weighted, either = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]),
                                               tf.constant(probe))
    print(step, repr(float(loss)), int(alive.sum()), str(weighted.dtype), repr(float(weighted.sum())),
          str(either.dtype), int(either.sum()))

print(json.dumps({"W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]]}))

"""The optimizer's learning rate changes kind mid-run through Keras' setter: at step 9
`OPT.learning_rate = lambda: RATES[PHASE]` (a callable: Keras untracks its learning
rate variable and calls the lambda inside every update; the lambda reads a global list
and a global index), at step 15 the loop edits RATES[1] in place and at step 18 moves
PHASE to 1, and at step 24 `OPT.learning_rate` becomes an InverseTimeDecay schedule
(called with the iteration counter).  The step prints the learning rate Keras reports
(`float(OPT.learning_rate)`, which calls the callable or the schedule eagerly)."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3625)
rng = np.random.default_rng(3625)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
RATES = [0.02, 0.005]
PHASE = 0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 9:
        OPT.learning_rate = lambda: RATES[PHASE]
    if step == 15:
        RATES[1] = 0.0025
    if step == 18:
        PHASE = 1
    if step == 24:
        OPT.learning_rate = keras.optimizers.schedules.InverseTimeDecay(0.01, 5, 0.5)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(OPT.learning_rate).hex(), len(OPT.variables))

print(json.dumps({
    "k0": [float(v).hex() for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [float(v).hex() for v in MODEL.layers[1].kernel.numpy().ravel()],
    "iters": int(OPT.iterations),
}))

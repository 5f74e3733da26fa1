"""A temperature-annealed activation: the hidden layer's activation is the program's
function `tempered(x)`, which reads the global TEMP, and the step itself sets TEMP
(`TEMP = BASE / (1.0 + 0.1 * CALLS)`, then increments CALLS) before calling the model,
so in eager Keras calls back `tempered` with the value just written.  After the model
call the step also writes `TEMP = -1.0` (a sentinel marking "not in a forward pass"),
which the loop prints.  At step 12 the loop halves BASE.  Probes: a global written by the
step and then read by the program's function that library code (a Dense layer) calls
back while the step runs: the callback must see the call's own write, not the caller's
value."""
import random

import numpy

random.seed(4530)
numpy.random.seed(4530)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4530)
rng = np.random.default_rng(4530)
XS = rng.normal(size=(84, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] + XS[:, 1:2]) * 0.7).astype(np.float32)

TEMP = -1.0
BASE = 2.0
CALLS = 0
SEEN = []


def tempered(x):
    SEEN.append(TEMP)
    return tf.nn.tanh(x / TEMP)


MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation=tempered),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
SEEN.clear()


def train_step(x, y):
    global TEMP, CALLS
    TEMP = BASE / (1.0 + 0.1 * CALLS)
    CALLS += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    TEMP = -1.0
    return loss


for step in range(24):
    if step == 12:
        BASE = 1.0
    i = (step * 7) % 77
    loss = train_step(tf.constant(XS[i:i + 7]), tf.constant(YS[i:i + 7]))
    print(step, repr(float(loss)), repr(TEMP), CALLS, len(SEEN), repr(SEEN[-1]))

print(json.dumps({"seen": [repr(v) for v in SEEN[-4:]],
                  "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]]}))

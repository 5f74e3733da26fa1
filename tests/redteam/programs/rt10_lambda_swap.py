"""Lambda layers as co-execution sites: one whose function reads a global SCALE and
appends to a program list on every call; its `function` attribute is replaced at step 12
and step 24; a second Lambda with an `arguments` dict mutated in place at step 16 and
replaced by a new dict at step 20; the SCALE global changes at step 8. The batch comes
from a generator made outside the step and resumed there with next() (refused)."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(606)
rng = np.random.default_rng(606)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 2)).astype("float32")

SCALE = 1.0
CALLS = []


def f_scale(t):
    CALLS.append("scale")
    return t * SCALE


def f_square(t):
    CALLS.append("square")
    return t * t * 0.5 + t


def f_shift(t, k=1.0, b=0.0):
    return t * k + b


def batches():
    i = 0
    while True:
        yield tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])
        i = (i + 8) % 88


DATA = batches()
LAM = keras.layers.Lambda(f_scale)
LAM2 = keras.layers.Lambda(f_shift, arguments={"k": 2.0, "b": 0.0})
DENSE = keras.layers.Dense(3, activation="tanh")
HEAD = keras.layers.Dense(2)
DENSE.build((None, 4))
HEAD.build((None, 3))
VARS = DENSE.trainable_variables + HEAD.trainable_variables


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step():
    x, y = next(DATA)
    with tf.GradientTape() as tape:
        h = LAM(DENSE(x))
        h = LAM2(h)
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads


for step in range(32):
    if step == 8:
        SCALE = 3.0
    if step == 12:
        LAM.function = f_square
    if step == 16:
        LAM2.arguments["b"] = 0.5
    if step == 20:
        LAM2.arguments = {"k": -1.0, "b": 0.25}
    if step == 24:
        LAM.function = f_scale
    loss, grads = train_step()
    print(step, repr(float(loss)), len(CALLS), CALLS[-1])
    print("  g", flat(grads[0])[:6], flat(grads[3]))

print(json.dumps({"vars": [flat(v) for v in VARS], "calls": CALLS, "args": LAM2.arguments}))

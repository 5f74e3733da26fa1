"""A decorator defined in the step wraps the activation: each wrapper closes over the
decorator's own argument and, through `nonlocal`, over the step's call counter (a cell
of the step that the decorator passes on to the closure it makes).  How many times the
activation is wrapped is a global that changes at step 10 and again at step 18, and a
decorator factory (`scaled(k)`) adds a second level of cells."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
opt = keras.optimizers.SGD(0.05)
WRAPS = 1
FACTORS = [0.9]


def train_step(x, y):
    calls = 0

    def counted(fn):
        def wrapper(t):
            nonlocal calls
            calls += 1
            return fn(t)
        return wrapper

    def scaled(k):
        def decorate(fn):
            def inner(t):
                return fn(t) * k
            return inner
        return decorate

    act = tf.nn.relu
    for _ in range(WRAPS):
        act = counted(act)
    for k in FACTORS:
        act = scaled(k)(act)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(act(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    opt.apply_gradients(zip(grads, [W1, W2]))
    return loss, calls


for step in range(26):
    if step == 10:
        WRAPS = 3
        FACTORS.append(1.2)
    if step == 18:
        WRAPS = 0
    i = (step * 8) % 40
    loss, calls = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 5), calls)

print(json.dumps({"W2": [round(float(v), 5) for v in W2.numpy().ravel()]}))

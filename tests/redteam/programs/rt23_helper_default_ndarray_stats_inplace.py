"""A preprocessing helper takes its normalization statistics as numpy-array default
arguments: `def normalize(x, mean=MEAN, std=STD): return (x - mean) / std`.  The step
calls normalize(x) (inlined into the step; mean and std bound from the function's
__defaults__ tuple).

The loop keeps running statistics and writes them INTO the same arrays in place
(MEAN[:] = ..., STD[:] = ...) every 6 steps, as streaming normalization code does; the
defaults tuple keeps holding the same two ndarray objects.  Eager's normalize reads the
arrays' current contents at every call.  A graph that took the arrays' contents as
constants when it was built (the arrays reached through the defaults, not through a
guarded global or attribute read) keeps normalizing with the first statistics.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(127)
np.random.seed(127)
keras.utils.set_random_seed(127)

rng = np.random.default_rng(127)
RAW = (rng.normal(size=(96, 4)) * np.array([1.0, 5.0, 0.5, 2.0]) +
       np.array([3.0, -2.0, 0.0, 10.0])).astype(np.float32)
X = tf.constant(RAW)
Y = tf.constant((RAW @ np.array([[0.1], [0.02], [1.0], [-0.05]])).astype(np.float32))

MEAN = np.zeros(4, np.float32)
STD = np.ones(4, np.float32)


def normalize(x, mean=MEAN, std=STD):
    return (x - mean) / std


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(normalize(x)) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


seen = []
for step in range(36):
    i = (step * 8) % 88
    seen.append(RAW[i:i + 8])
    if step % 6 == 5:
        data = np.concatenate(seen)
        MEAN[:] = data.mean(axis=0)
        STD[:] = data.std(axis=0) + 1e-3
    loss = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), [repr(float(v)) for v in MEAN[:2]])

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "mean": [repr(float(v)) for v in MEAN],
    "std": [repr(float(v)) for v in STD],
}))

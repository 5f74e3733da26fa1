"""Progressive growing: a Sequential regressor starts with one hidden layer; at step 10
the loop pops the output layer, adds a new hidden Dense and a new output
(`model.pop()`, `model.add(...)`), and replaces the global optimizer with a fresh
Adam (its first apply builds its slots inside the step); at step 22 it pops the last
hidden layer again, re-adds an output and switches to a fresh SGD with momentum; at
step 29 it freezes the first layer.  The step reads `model.trainable_variables` and `len(model.layers)`.
Probes: layers added and removed between steps, optimizers replaced, variables made
inside the step by a first call."""
import random

import numpy

random.seed(37)
numpy.random.seed(37)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4130)
rng = np.random.default_rng(4130)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 2.0) + XS[:, 1:2] * 0.3).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    tv = model.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss, len(model.layers), len(tv)


for step in range(36):
    if step == 10:
        model.pop()
        model.add(keras.layers.Dense(6, activation="relu"))
        model.add(keras.layers.Dense(1))
        OPT = keras.optimizers.Adam(learning_rate=0.01)
    elif step == 22:
        model.pop()
        model.pop()
        model.add(keras.layers.Dense(1))
        OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)
    elif step == 29:
        model.layers[0].trainable = False
    i = (step * 8) % 72
    loss, nl, nv = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), nl, nv, int(OPT.iterations.numpy()))

print("vars", [repr(float(tf.reduce_sum(v))) for v in model.trainable_variables])

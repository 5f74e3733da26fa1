"""A Lambda layer wraps `functools.partial(shift, OFFSETS)` where OFFSETS is a numpy
array in the partial's positional arguments; the loop writes into the array in place."""
import functools

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(543)
rng = np.random.default_rng(543)
X = rng.normal(size=(64, 3)).astype("float32")
Y = rng.normal(size=(64, 1)).astype("float32")
OFFSETS = np.array([0.0, 0.5, -0.5], dtype="float32")


def shift(offsets, x):
    return x + offsets


model = keras.Sequential([keras.Input((3,)),
                          keras.layers.Lambda(functools.partial(shift, OFFSETS)),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(20):
    if step == 8:
        OFFSETS[0] = 1.5
    if step == 14:
        OFFSETS[2] = 0.25
    i = (step * 8) % 56
    print(step, repr(float(train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])))))

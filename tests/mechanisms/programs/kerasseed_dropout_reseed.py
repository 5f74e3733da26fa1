"""keras.random.dropout without a seed draws from Keras' global SeedGenerator (a Dropout
layer has a generator of its own, which set_random_seed leaves).  The loop calls
keras.utils.set_random_seed at steps 10 and 20 (which drops the global generator: eager
makes a new one from Python's random at the next draw) and draws from Python's random in
between."""
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(51)
rng = np.random.default_rng(51)
hidden = keras.layers.Dense(8, activation="relu")
head = keras.layers.Dense(1)
model = keras.Sequential([keras.Input((6,)), hidden, head])
keras.random.dropout(tf.ones((2,)), 0.5)     # the global generator exists before the loop
opt = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(head(keras.random.dropout(hidden(x), 0.5)) - y))
    opt.apply(tape.gradient(loss, model.trainable_variables), model.trainable_variables)
    return loss


for i in range(28):
    if i in (10, 20):
        keras.utils.set_random_seed(100 + i)
    loss = train_step(tf.constant(rng.normal(size=(5, 6)).astype(np.float32)),
                      tf.constant(rng.normal(size=(5, 1)).astype(np.float32)))
    print(i, repr(float(loss)), random.random())
print([repr(float(v.numpy().sum())) for v in model.trainable_variables])

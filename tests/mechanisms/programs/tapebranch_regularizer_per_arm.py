"""Each arm of a branch on a tensor inside the tape adds its own regularizer of the
same kernel (L2 on one arm, L1 on the other); the kernel also reaches the loss outside
the branch, so its gradient is a tensor on both paths."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(82)
rng = np.random.default_rng(82)
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(0.01)


def train_step(x, y, phase):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
        kernel = model.layers[0].kernel
        if phase > 0.5:
            loss = loss + 0.01 * tf.reduce_sum(tf.square(kernel))
        else:
            loss = loss + 0.02 * tf.reduce_sum(tf.abs(kernel))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for i in range(30):
    x = rng.normal(size=(8, 3)).astype(np.float32)
    loss = train_step(tf.constant(x), tf.constant(x.sum(axis=1, keepdims=True)),
                      tf.constant(float(i % 3 == 0)))
    print(i, repr(float(loss)))
print(json.dumps([v.numpy().ravel().tolist() for v in model.trainable_variables]))

"""A step that applies the gradient only when the loss is finite and below a limit
(`if loss < LIMIT: opt.apply_gradients(zip(tape.gradient(loss, vs), vs))`), with a tape
that is not persistent: eagerly only the arm taken uses the tape, once."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(41)
rng = np.random.default_rng(41)
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(0.01)
LIMIT = 8.0
SKIPPED = 0


def train_step(x, y):
    global SKIPPED
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    if loss < LIMIT:
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
    else:
        SKIPPED += 1
    return loss


for i in range(30):
    x = rng.normal(size=(8, 3)).astype(np.float32)
    y = (x.sum(axis=1, keepdims=True) * (4.0 if i % 2 else 1.0)).astype(np.float32)
    loss = train_step(tf.constant(x), tf.constant(y))
    print(i, repr(float(loss)), SKIPPED, int(opt.iterations))
print(json.dumps([v.numpy().ravel().tolist() for v in model.trainable_variables]))

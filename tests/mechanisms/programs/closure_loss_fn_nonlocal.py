"""A step that defines its loss as a nested function closing over the step's variables
(the labels, a scale computed from a global), calls it twice under the tape, and counts
the calls with `nonlocal`; a lambda applied once.  The global scale changes at step 10,
the batch size at step 14."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
keras.utils.set_random_seed(3)
rng = np.random.default_rng(3)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 1)).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.05)
SCALE = {"s": 1.0}


def train_step(x, y, weight):
    scale = SCALE["s"] * weight
    count = 0

    def loss_fn(pred):
        nonlocal count
        count += 1
        return tf.reduce_mean(tf.square(pred - y)) * scale

    with tf.GradientTape() as tape:
        loss = loss_fn(model(x))
        loss = loss + 0.1 * loss_fn(model(x) * 0.5)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    penalty = (lambda: scale * 2)()
    return loss, count, penalty


for i in range(22):
    if i == 10:
        SCALE["s"] = 0.5
    rows = 8 if i < 14 else 6
    loss, count, penalty = train_step(tf.constant(XS[i * 2:i * 2 + rows]),
                                      tf.constant(YS[i * 2:i * 2 + rows]), 1.0)
    print(i, repr(float(loss)), count, penalty)
print(json.dumps([repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:6]]))

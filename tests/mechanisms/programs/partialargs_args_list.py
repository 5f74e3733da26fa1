"""A Keras Activation layer holds partial(gated, GATES) where GATES is the program's
list; the loop swaps the partial's arguments for another list with __setstate__ at
step 7, and edits the new list in place at step 13."""
import functools
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(77)
rng = np.random.default_rng(77)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
GATES = [1.0, 0.5, 1.0, 0.5, 1.0]
OTHER = [0.2, 0.2, 1.0, 1.0, 0.5]


def gated(gates, x):
    return tf.nn.relu(x) * tf.constant(gates, tf.float32)


ACT = functools.partial(gated, GATES)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5),
                          keras.layers.Activation(ACT), keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.03)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(22):
    if step == 7:
        ACT.__setstate__((gated, (OTHER,), {}, None))
    if step == 13:
        OTHER[0] = 1.5
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), ACT.args)

print(json.dumps({"W": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()]}))

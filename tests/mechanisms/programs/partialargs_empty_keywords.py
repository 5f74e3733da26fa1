"""A Keras Lambda layer holds partial(scaled, 0.5), whose keywords dict is empty when
the step is built; the loop gives it a keyword in place at step 8 and changes it at
step 15."""
import functools
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(76)
rng = np.random.default_rng(76)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)


def scaled(x, factor, bias=0.0):
    return x * factor + bias


HEAD = functools.partial(scaled, 0.5)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3),
                          keras.layers.Lambda(HEAD), keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.03)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(22):
    if step == 8:
        HEAD.keywords["bias"] = 0.25
    if step == 15:
        HEAD.keywords["bias"] = -0.5
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), HEAD.keywords)

print(json.dumps({"W": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()]}))

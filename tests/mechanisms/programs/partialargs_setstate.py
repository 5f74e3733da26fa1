"""A Keras Activation layer holds partial(leaky, alpha=0.1); the loop replaces what the
partial holds in place with `__setstate__` (same object, another function with the same
keywords dict at step 8, other positional arguments at step 14), which writes no
dict."""
import functools
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(75)
rng = np.random.default_rng(75)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)


def leaky(x, alpha=0.2):
    return tf.maximum(x, alpha * x)


def shifted(x, shift=0.0, alpha=0.2):
    return tf.maximum(x - shift, alpha * x)


ACT = functools.partial(leaky, alpha=0.1)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6),
                          keras.layers.Activation(ACT), keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.03)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(22):
    if step == 8:
        ACT.__setstate__((shifted, (), ACT.keywords, None))
    if step == 14:
        ACT.__setstate__((shifted, (0.5,), ACT.keywords, None))
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), ACT.func.__name__, ACT.args)

print(json.dumps({"W": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()]}))

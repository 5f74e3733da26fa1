"""A Keras Sequential step adds a penalty chosen with `tf.cond(loss > 0.5, HEAVY,
LIGHT)`, whose branches are `functools.partial` objects of the program's penalty
function holding the model and a coefficient.  Mid-run the loop edits HEAVY's keywords
in place, gives LIGHT another function through `__setstate__`, and then puts a new
partial in the global."""
import functools
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(22)


def penalty(model, coef=0.1):
    return coef * tf.add_n([tf.reduce_sum(tf.square(w)) for w in model.trainable_weights])


def abs_penalty(model, coef=0.1):
    return coef * tf.add_n([tf.reduce_sum(tf.abs(w)) for w in model.trainable_weights])


rng = np.random.default_rng(22)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = np.sin(XS[:, :1] + XS[:, 2:3]).astype(np.float32)
MODEL = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(8, activation="tanh"),
                             tf.keras.layers.Dense(1)])
OPT = tf.keras.optimizers.SGD(0.05)
HEAVY = functools.partial(penalty, MODEL, coef=0.05)
LIGHT = functools.partial(penalty, MODEL, coef=0.001)


def train_step(x, y):
    with tf.GradientTape() as tape:
        fit = tf.reduce_mean(tf.square(MODEL(x) - y))
        loss = fit + tf.cond(fit > 0.5, HEAVY, LIGHT)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        HEAVY.keywords["coef"] = 0.2
    if step == 13:
        LIGHT.__setstate__((abs_penalty, (MODEL,), {"coef": 0.01}, None))
    if step == 19:
        HEAVY = functools.partial(abs_penalty, MODEL, coef=0.1)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), HEAVY.keywords["coef"], LIGHT.func.__name__)
print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))

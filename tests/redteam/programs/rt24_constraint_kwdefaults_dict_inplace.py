"""Mechanism: a Dense layer's kernel_constraint is the program's function with a
keyword-only default, `def clip_rows(w, *, bound=0.4)`; Keras' optimizer calls it back
after each update (variable.assign(constraint(variable))).  Mid-run the loop changes the
default IN PLACE through the function's __kwdefaults__ dict (`clip_rows.__kwdefaults__
["bound"] = 0.15` at step 10, 0.6 at step 20): the function object and the
__kwdefaults__ dict itself keep their identity, so neither a function watcher (which sees
`f.__kwdefaults__ = ...` assignments) nor an identity guard on the dict notices.  Eager
binds the current default at every call; a graph that baked the bound in keeps clipping
at 0.4.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(79)
np.random.seed(79)
keras.utils.set_random_seed(79)
rng = np.random.default_rng(79)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[2.0], [-1.5], [0.5], [1.0]], np.float32)).astype(np.float32)


def clip_rows(w, *, bound=0.4):
    return tf.clip_by_value(w, -bound, bound)


MODEL = keras.Sequential([keras.Input((4,)),
                          keras.layers.Dense(6, kernel_constraint=clip_rows),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        clip_rows.__kwdefaults__["bound"] = 0.15
    if step == 20:
        clip_rows.__kwdefaults__["bound"] = 0.6
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    k = MODEL.layers[0].kernel.numpy()
    print(step, repr(float(loss)), repr(float(np.abs(k).max())))

print(json.dumps({"vars": [[repr(float(v)) for v in w.numpy().ravel()[:8]]
                           for w in MODEL.trainable_variables]}))

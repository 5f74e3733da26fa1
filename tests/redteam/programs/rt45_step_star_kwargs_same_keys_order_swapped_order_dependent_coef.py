"""The step takes its loss modifiers as **opts and folds them in the order they arrive
(`coef = coef * v + 0.125` per item, which is not commutative), records the key order
as a "|"-joined tag, and returns both.  The loop calls it with `**CFG`, and at step 13
it rebuilds CFG with the same keys and values in another insertion order (as a config
reloaded from another file would).  Probes: the `**kwargs` dict CPython makes for the
hot function itself, read in its insertion order: equal key sets and values, other
order."""
import random

import numpy

random.seed(4511)
numpy.random.seed(4511)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4511)
rng = np.random.default_rng(4511)
XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True))).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(7, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
CFG = {"l2": 0.5, "smooth": 2.0, "focus": 0.75}


def train_step(x, y, **opts):
    coef = 1.0
    for name, value in opts.items():
        coef = coef * value + 0.125
    tag = "|".join(opts)
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(MODEL(x) - y))
        l2 = tf.add_n([tf.reduce_sum(tf.square(v)) for v in MODEL.trainable_variables])
        loss = mse + 0.001 * coef * l2
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, coef, tag


for step in range(24):
    if step == 13:
        CFG = {"focus": 0.75, "l2": 0.5, "smooth": 2.0}
    i = (step * 8) % 64
    loss, coef, tag = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), **CFG)
    print(step, repr(float(loss)), repr(coef), tag)

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))

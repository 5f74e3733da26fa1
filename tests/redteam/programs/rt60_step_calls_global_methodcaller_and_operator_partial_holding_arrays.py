"""A multi-loss regression step that weights its loss terms with C callables read
from globals and called directly by the step: `WEIGHT_MSE =
operator.methodcaller("__mul__", COEF)` with COEF a 0-d float32 ndarray,
`WEIGHT_MAE = functools.partial(operator.mul, MAE_COEF)` with MAE_COEF a 0-d view into
a program array BASE, and `CLAMP = functools.partial(keras.ops.clip, x_min=-2.0,
x_max=2.0)` applied to the per-example error.
Mid-run the loop writes into COEF in place (step 7), into the view's base array
(step 13), rebinds WEIGHT_MSE to a methodcaller over a new array (step 19), writes
into that array (step 25), and edits the CLAMP partial's keywords in place (step 29).
Probes: `operator.methodcaller` and `functools.partial(operator.mul, ...)` objects
from outside the step, called by the step itself (not made in it from constants):
whether the arrays they hold are read as graph inputs / compared, or frozen."""
import random

import numpy

random.seed(6023)
numpy.random.seed(6023)

import functools
import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6023)
rng = np.random.default_rng(6023)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * XS[:, 2:3] * 0.5 + rng.standard_t(2, size=(128, 1)) * 0.2).astype(np.float32)

inp = keras.Input((6,))
MODEL = keras.Model(inp, keras.layers.Dense(1)(keras.layers.Dense(10, activation="relu")(inp)))
OPT = keras.optimizers.Adam(learning_rate=0.01)

COEF = np.array(1.0, dtype=np.float32)
BASE = np.array([0.5, 0.25], dtype=np.float32)
MAE_COEF = BASE[0:1].reshape(())
WEIGHT_MSE = operator.methodcaller("__mul__", COEF)
WEIGHT_MAE = functools.partial(operator.mul, MAE_COEF)
CLAMP = functools.partial(keras.ops.clip, x_min=-2.0, x_max=2.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = CLAMP(MODEL(x, training=True) - y)
        mse = tf.reduce_mean(tf.square(err))
        mae = tf.reduce_mean(tf.abs(err))
        loss = WEIGHT_MSE(mse) + WEIGHT_MAE(mae)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, mse, mae


NEW_COEF = np.array(2.0, dtype=np.float32)
for step in range(34):
    if step == 7:
        COEF[...] = 0.2
    if step == 13:
        BASE[0] = 3.0
    if step == 19:
        WEIGHT_MSE = operator.methodcaller("__mul__", NEW_COEF)
    if step == 25:
        NEW_COEF[...] = 0.0
    if step == 29:
        CLAMP.keywords["x_max"] = 0.1
    i = (step * 8) % 120
    loss, mse, mae = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(mse)), repr(float(mae)), float(MAE_COEF))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()],
}))

"""A regressor whose loss is combined from an MSE and an MAE term by
`LossMixer.combine(mse, mae)`, a staticmethod of the program's class.  The loop
hot-swaps the combining rule by re-running `staticmethod.__init__` on the object the
class holds (`vars(LossMixer)["combine"].__init__(rule)`): no class dict write, the same
staticmethod object, only its C-level wrapped function changes.  (CPython does not
specialise these loads: every eager call sees the current function.)  Step 10: an
MAE-heavy rule; step 19: the global ALPHA the rules read changes; step 27: a rule with
a quadratic MAE term.  Each step prints the loss, the MSE and MAE terms and the rule's
name as `LossMixer.combine.__name__` reports it.
Probes: a staticmethod called in the step, whose descriptor object keeps its identity
while the function it wraps is replaced in place between converted steps."""
import random

import numpy

random.seed(5916)
numpy.random.seed(5916)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5916)
rng = np.random.default_rng(5916)
XS = rng.normal(size=(200, 5)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - np.abs(XS[:, 1:2]) + 0.2 * XS[:, 2:3]).astype(np.float32)
YS[::11] += 3.0

ALPHA = 0.5


def balanced(mse, mae):
    return ALPHA * mse + (1.0 - ALPHA) * mae


def mae_heavy(mse, mae):
    return 0.2 * ALPHA * mse + mae


def squared_mae(mse, mae):
    return ALPHA * mse + mae * mae


class LossMixer:
    combine = staticmethod(balanced)


MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03)


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = MODEL(x, training=True) - y
        mse = tf.reduce_mean(tf.square(err))
        mae = tf.reduce_mean(tf.abs(err))
        loss = LossMixer.combine(mse, mae)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, mse, mae


for step in range(34):
    if step == 10:
        vars(LossMixer)["combine"].__init__(mae_heavy)
    if step == 19:
        ALPHA = 0.8
    if step == 27:
        vars(LossMixer)["combine"].__init__(squared_mae)
    i = (step * 18) % 180
    loss, mse, mae = train_step(tf.constant(XS[i:i + 18]), tf.constant(YS[i:i + 18]))
    print(step, repr(float(loss)), repr(float(mse)), repr(float(mae)), LossMixer.combine.__name__)

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))

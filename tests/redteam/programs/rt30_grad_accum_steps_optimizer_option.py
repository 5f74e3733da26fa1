"""Keras 3 optimizer built with gradient_accumulation_steps=3: apply_gradients only
accumulates for two calls and applies the averaged gradient on the third (an ops.cond
on the iteration counter inside Keras).  The step also keeps a Python count of
'real' updates, read from OPT.iterations.  At step 12 the program sets
OPT.gradient_accumulation_steps = 2 on the live optimizer (its accumulators exist),
at step 20 back to 3.  Probes: the optimizer's accumulation option and its in-Keras
conditional updates under a converted step, and an attribute edit of it mid-run."""
import random

import numpy

random.seed(30)
numpy.random.seed(30)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3001)
rng = np.random.default_rng(3001)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 1:2] * 0.3).astype(np.float32)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02, gradient_accumulation_steps=3)
loss_fn = keras.losses.MeanSquaredError()
state = {"seen_iters": []}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    state["seen_iters"].append(int(OPT.iterations))
    return loss


for step in range(30):
    if step == 12:
        OPT.gradient_accumulation_steps = 2
    if step == 20:
        OPT.gradient_accumulation_steps = 3
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(OPT.iterations),
          repr(float(model.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()],
    "iters": state["seen_iters"],
    "opt_vars": [repr(float(np.asarray(v).ravel()[0])) for v in OPT.variables[:6]],
}))

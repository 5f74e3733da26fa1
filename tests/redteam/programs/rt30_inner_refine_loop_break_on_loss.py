"""Per-batch inner refinement: the step runs up to MAX_INNER gradient updates on the
same batch and breaks out of its Python for loop as soon as the loss (a tensor) falls
below TOL; it counts inner updates in a Python attribute and returns the last loss and
the number of updates.  TOL tightens at step 10, MAX_INNER grows from 3 to 5 at step
18.  Probes: a Python loop with optimizer updates inside whose trip count depends on
tensor values, under a converted step."""
import random

import numpy

random.seed(51)
numpy.random.seed(51)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5101)
rng = np.random.default_rng(5101)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) * 0.5).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
TOL = 0.3
MAX_INNER = 3


class Stats:
    inner = 0


S = Stats()


def train_step(x, y):
    n = 0
    for k in range(MAX_INNER):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        if loss < TOL:
            break
        grads = tape.gradient(loss, model.trainable_variables)
        OPT.apply_gradients(zip(grads, model.trainable_variables))
        n += 1
        S.inner += 1
    return loss, n


for step in range(30):
    if step == 10:
        TOL = 0.1
    if step == 18:
        MAX_INNER = 5
    i = (step * 8) % 56
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, S.inner, int(OPT.iterations))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "inner": S.inner, "iters": int(OPT.iterations),
}))

"""Input-smoothness regularisation (a Jacobian penalty): an outer tape over the
weights, an inner persistent tape watching the input batch; inner.batch_jacobian(
outputs, x) (pfor, which eager runs inside a tf.function of its own) gives a
(batch, 3, 4) Jacobian whose squared Frobenius norm, times BETA, is added to the
task loss.  BETA changes at step 12 and the hidden activation to 'elu' at step 20.
Prints the loss, the penalty and a bias.  Probes: batch_jacobian and its
second-order gradient under a converted step, bit for bit."""
import random

import numpy

random.seed(63)
numpy.random.seed(63)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6301)
rng = np.random.default_rng(6301)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.stack([np.sin(XS[:, 0]), XS[:, 1] * XS[:, 2], np.tanh(XS[:, 3])], 1).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(10, activation="tanh"),
                          keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
BETA = 0.05


def train_step(x, y):
    with tf.GradientTape() as outer:
        with tf.GradientTape(persistent=True) as inner:
            inner.watch(x)
            out = model(x)
        jac = inner.batch_jacobian(out, x)
        pen = tf.reduce_mean(tf.reduce_sum(tf.square(jac), axis=[1, 2]))
        task = tf.reduce_mean(tf.square(out - y))
        loss = task + BETA * pen
    grads = outer.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return task, pen


for step in range(30):
    if step == 12:
        BETA = 0.2
    if step == 20:
        model.layers[0].activation = keras.activations.elu
    i = (step * 8) % 56
    task, pen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(task)), repr(float(pen)),
          repr(float(model.layers[0].bias.numpy()[0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "b0": [repr(float(v)) for v in model.layers[0].bias.numpy().ravel()],
    "k1": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()[:8]],
    "b1": [repr(float(v)) for v in model.layers[1].bias.numpy().ravel()],
}))

"""Input-gradient penalty for a binary classifier: an outer tape over the weights and
an inner persistent tape watching the inputs; the per-example logistic loss
(tf.nn.sigmoid_cross_entropy_with_logits) is differentiated with
inner.batch_jacobian(per_example, x) (pfor, which eager runs inside a tf.function of
its own), and the mean squared input gradient times GAMMA is added to the loss.  GAMMA
changes at step 12; the hidden activation becomes 'relu' at step 20.  Probes: a
batch_jacobian through a logistic loss under a converted step, bit for bit."""
import random

import numpy

random.seed(65)
numpy.random.seed(65)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6501)
rng = np.random.default_rng(6501)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] > 0).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
GAMMA = 0.1


def train_step(x, y):
    with tf.GradientTape() as outer:
        with tf.GradientTape(persistent=True) as inner:
            inner.watch(x)
            per = tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=model(x))
        jac = inner.batch_jacobian(per, x)
        pen = tf.reduce_mean(tf.square(jac))
        loss = tf.reduce_mean(per) + GAMMA * pen
    grads = outer.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss, pen


for step in range(30):
    if step == 12:
        GAMMA = 0.5
    if step == 20:
        model.layers[0].activation = keras.activations.relu
    i = (step * 8) % 56
    loss, pen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(pen)),
          repr(float(model.layers[0].bias.numpy()[0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "b0": [repr(float(v)) for v in model.layers[0].bias.numpy().ravel()],
    "k1": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()],
    "b1": [repr(float(v)) for v in model.layers[1].bias.numpy().ravel()],
}))

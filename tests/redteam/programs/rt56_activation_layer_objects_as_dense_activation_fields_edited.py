"""Two Dense layers whose `activation` is itself a Keras layer object (Keras accepts any
callable; the activation layer becomes a tracked sublayer of that Dense), in a
functional model.  Mid-run the loop edits the activation layers' own fields:
step 7 `LEAKY.negative_slope = 0.3`, step 12 `RELU.max_value = 0.6`, step 17
`RELU.threshold = 0.15`, step 22 `RELU.negative_slope = 0.05`, step 26
`LEAKY.negative_slope = 0.02`, and at step 30 it replaces the second Dense's
activation by the plain function keras.activations.elu.  Probes: Keras objects held as
an attribute of another layer whose plain fields their own call reads natively."""
import random

import numpy

random.seed(5608)
numpy.random.seed(5608)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5608)
rng = np.random.default_rng(5608)
XS = rng.normal(size=(144, 5)).astype(np.float32) * 1.5
YS = (np.sin(XS[:, :1]) * XS[:, 1:2] - 0.2 * XS[:, 2:3]).astype(np.float32)

LEAKY = keras.layers.LeakyReLU(negative_slope=0.1)
RELU = keras.layers.ReLU(max_value=None, threshold=0.0)
H1 = keras.layers.Dense(16, activation=LEAKY, name="h1")
H2 = keras.layers.Dense(12, activation=RELU, name="h2")
inp = keras.Input((5,))
out = keras.layers.Dense(1, name="out")(H2(H1(inp)))
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 7:
        LEAKY.negative_slope = 0.3
    if step == 12:
        RELU.max_value = 0.6
    if step == 17:
        RELU.threshold = 0.15
    if step == 22:
        RELU.negative_slope = 0.05
    if step == 26:
        LEAKY.negative_slope = 0.02
    if step == 30:
        H2.activation = keras.activations.elu
    i = (step * 8) % 136
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(H1.kernel.numpy()[0, 0])),
          repr(float(H2.kernel.numpy()[1, 1])))

print(json.dumps({
    "h1": [repr(float(v)) for v in H1.kernel.numpy().ravel()[:6]],
    "h2": [repr(float(v)) for v in H2.kernel.numpy().ravel()[:6]],
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:6]],
}))

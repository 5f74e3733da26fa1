"""A small residual block fine-tuned with layers reconfigured between steps: a
LayerNormalization's `epsilon` is raised from 1e-3 to 0.5 at step 8, an Activation
layer's `activation` is swapped from relu to keras.activations.gelu at step 14 and to a
leaky relu (functools.partial with negative_slope) at step 20, and a Dropout's rate goes
from 0.1 to 0.3 at step 26 (the step calls the model with training=True and the global
seed fixed).  Probes: Keras layer attributes read by library code in `call` changed
mid-run between converted steps (a float, a function, a partial, a rate)."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4423)
rng = np.random.default_rng(4423)
XS = rng.normal(size=(128, 6)).astype(np.float32) * 3.0
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True) * 0.2)).astype(np.float32)

inp = keras.Input((6,))
h = keras.layers.Dense(8)(inp)
ln = keras.layers.LayerNormalization(epsilon=1e-3)
act = keras.layers.Activation("relu")
drop = keras.layers.Dropout(0.1, seed=7)
h2 = drop(act(ln(h)))
out = keras.layers.Dense(1)(h2)
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        ln.epsilon = 0.5
    if step == 14:
        act.activation = keras.activations.gelu
    if step == 20:
        act.activation = functools.partial(keras.activations.leaky_relu, negative_slope=0.2)
    if step == 26:
        drop.rate = 0.3
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(MODEL.layers[-1].kernel.numpy()[0, 0])))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]]}))

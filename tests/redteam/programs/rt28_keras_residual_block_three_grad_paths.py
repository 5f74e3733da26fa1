"""A Keras functional model with a residual connection: h = Dense(8, tanh)(x) feeds a second
Dense, the Add() of the skip connection, and (through the model's second output) an
activity penalty in the step's loss, so the gradient reaching h is the sum of three
paths.  Eager's tape sums them in its order; a graph's gradient sums them in another,
one bit apart now and then, and training carries the difference on.  At step 15 the
fine-tuning code freezes the second Dense layer (trainable = False).  Probes: eager's
floats bit for bit for a residual block, the most common shape with three gradient
paths into one tensor."""
import random

import numpy

random.seed(2853)
numpy.random.seed(2853)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2853)
rng = np.random.default_rng(2853)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
inp = keras.Input((6,))
h = keras.layers.Dense(8, activation="tanh")(inp)
z = keras.layers.Dense(8, activation="tanh")(h)
r = keras.layers.Add()([z, h])
out = keras.layers.Dense(1)(r)
MODEL = keras.Model(inp, [out, h])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred, hid = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y)) + 0.01 * tf.reduce_mean(tf.abs(hid))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 15:
        MODEL.layers[2].trainable = False
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:10]],
}))

"""Digits kept as int32 images (0..16) go through keras.layers.Resizing(10, 10) inside the
training step.  Keras' DataLayer.__call__ asks backend_utils.in_tf_graph() (which is
`not tf.executing_eagerly()`): eagerly, Resizing of an int32 tensor rounds back to
int32; inside a graph the DataLayer path converts the input to the compute dtype first
and returns un-rounded float32.  The step casts to float32 afterwards, so only the
values differ (rounded vs not).  Probes: Keras library code that branches on
tf.executing_eagerly() while janus builds."""
import random

import numpy

random.seed(34)
numpy.random.seed(34)

import keras
import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

keras.utils.set_random_seed(3401)
digits = load_digits()
XS = digits.images[:320].astype(np.int32)[..., None]
YS = digits.target[:320].astype(np.int32)

RESIZE = keras.layers.Resizing(10, 10)
MODEL = keras.Sequential([
    keras.layers.Input((10, 10, 1)),
    keras.layers.Flatten(),
    keras.layers.Dense(16, activation="tanh"),
    keras.layers.Dense(10),
])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    r = RESIZE(x)
    xf = tf.cast(r, tf.float32) / 16.0
    with tf.GradientTape() as tape:
        logits = MODEL(xf)
        loss = LOSS(y, logits)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, tf.reduce_sum(xf)


for step in range(40):
    i = (step * 32) % 288
    loss, s = train_step(tf.constant(XS[i:i + 32]), tf.constant(YS[i:i + 32]))
    print(step, float(loss).hex(), float(s).hex())

for v in MODEL.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())

"""Keras' global floatx decides the dtype of tensors Keras makes from Python numbers
and of `keras.ops.ones/zeros` without a dtype, while the model's weights keep the
float32 they were made with.  The step computes a penalty from
`keras.ops.convert_to_tensor(REG)` and `keras.ops.ones((8, 1))` and casts the penalty
back to float32 before adding it.  At step 10 the loop calls
`keras.config.set_floatx("float64")` (REG is then converted to float64 exactly instead
of rounded to float32, the penalty's arithmetic is done in float64), at step 20
`keras.config.set_floatx("float16")`.  The per-step line shows the penalty's
dtype and value."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3617)
rng = np.random.default_rng(3617)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.tanh(XS[:, :1] * 1.5).astype(np.float32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
REG = 0.0123456789


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = tf.cast(MODEL(x, training=True), tf.float32)
        reg = keras.ops.convert_to_tensor(REG)
        ones = keras.ops.ones((8, 1))
        pen = keras.ops.multiply(keras.ops.mean(keras.ops.square(keras.ops.subtract(pred, ones))), reg)
        loss = tf.reduce_mean(tf.square(pred - y)) + tf.cast(pen, tf.float32)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, pen


for step in range(30):
    if step == 10:
        keras.config.set_floatx("float64")
    if step == 20:
        keras.config.set_floatx("float16")
    i = (step * 8) % 56
    loss, pen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), pen.dtype.name, float(pen).hex(), keras.config.floatx())

keras.config.set_floatx("float32")
print(json.dumps({
    "k0": [float(v).hex() for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [float(v).hex() for v in MODEL.layers[1].kernel.numpy().ravel()],
}))

"""A gating layer of the program's own inside a Sequential: the loop hangs another
`call` on the layer object mid-run (a clipped variant), replaces it, and deletes it
again.  Keras' __call__ finds the instance's `call` first."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7)


class Gate(keras.layers.Layer):
    def call(self, x):
        return x * 0.5


def clipped(x):
    return tf.clip_by_value(x, -0.1, 0.1)


def doubled(x):
    return x * 2.0


rng = np.random.default_rng(14)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = XS[:, :1] - XS[:, 1:2]
GATE = Gate()
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6), GATE,
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 6:
        GATE.call = clipped
    if step == 12:
        GATE.call = doubled
    if step == 18:
        del GATE.call
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))

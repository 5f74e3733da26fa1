"""Three scaling layers that divide by their own trainable scale under stop_gradient,
as amax-tracking layers do; the loss adds a term whose gradient for each scale is the
batch's maximum and whose value is zero.  No scale's gradient uses the scale: the
forward reads of the scales must still come before Keras SGD writes them."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4)


class Scale(keras.layers.Layer):
    def build(self, input_shape):
        self.s = self.add_weight(shape=(), initializer=keras.initializers.Constant(2.0),
                                 name="s")

    def call(self, x):
        return x / tf.stop_gradient(self.s)


rng = np.random.default_rng(22)
XS = rng.normal(size=(96, 4)).astype(np.float32) * 3.0
YS = (XS[:, :1] - XS[:, 3:]).astype(np.float32)
SCALES = [Scale(), Scale(), Scale()]
MODEL = keras.Sequential([keras.Input((4,)), SCALES[0], keras.layers.Dense(6, activation="tanh"),
                          SCALES[1], keras.layers.Dense(4, activation="tanh"), SCALES[2],
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        peak = tf.stop_gradient(tf.reduce_max(tf.abs(x)) * 0.01)
        for layer in SCALES:
            loss += layer.s * peak - tf.stop_gradient(layer.s * peak)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(20):
    i = (step * 16) % 80
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), [repr(float(layer.s.numpy())) for layer in SCALES])
print(json.dumps({"w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))

"""The program's Dense subclass calls `super().call(x)` and scales the result by a
class attribute; the step trains it with a Keras optimizer.  Part-way the class
attribute changes (`ScaledDense.gain = 0.5`), and later the program's intermediate
class gets a `call` of its own that adds a bias shift.  Eager finds each at its call."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(33)
rng = np.random.default_rng(33)
XS = rng.normal(size=(30, 16, 5)).astype(np.float32)
YS = rng.normal(size=(30, 16, 3)).astype(np.float32)


class Between(keras.layers.Dense):
    pass


class ScaledDense(Between):
    gain = 1.0

    def call(self, inputs):
        return super().call(inputs) * self.gain


layer = ScaledDense(3)
layer.build((None, 5))
optimizer = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(layer(x) - y))
    grads = tape.gradient(loss, layer.trainable_variables)
    optimizer.apply_gradients(zip(grads, layer.trainable_variables))
    return loss


def shifted_call(self, inputs):
    return keras.layers.Dense.call(self, inputs) + 0.1


for step in range(30):
    if step == 10:
        ScaledDense.gain = 0.5
    if step == 20:
        Between.call = shifted_call
    loss = train_step(XS[step], YS[step])
    if step % 5 == 0:
        print(step, float(loss))

print(json.dumps({"kernel": [round(float(v), 6) for v in layer.kernel.numpy().ravel()]}))

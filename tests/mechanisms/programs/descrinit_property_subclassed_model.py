"""A subclassed Keras Model whose call divides the hidden pre-activation by
`self.temperature`, a property of the model class.  Mid-run the loop re-initialises
that property object in place (`Net.__dict__["temperature"].__init__(getter)`), so the
same class dict entry computes the temperature with a different getter."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(25)


def hot(self):
    return self.base_t * 4.0


def cold(self):
    return self.base_t * 0.25


def plain(self):
    return self.base_t


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.base_t = 1.0
        self.hidden = keras.layers.Dense(6)
        self.head = keras.layers.Dense(1)

    @property
    def temperature(self):
        return self.base_t

    def call(self, x):
        return self.head(tf.tanh(self.hidden(x) / self.temperature))


rng = np.random.default_rng(73)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (2.0 * XS[:, 2:] - XS[:, :1] * XS[:, 1:2]).astype(np.float32)
MODEL = Net()
MODEL(tf.constant(XS[:2]))
OPT = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        Net.__dict__["temperature"].__init__(hot)
    if step == 14:
        Net.__dict__["temperature"].__init__(cold)
    if step == 19:
        Net.__dict__["temperature"].__init__(plain)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), MODEL.temperature)
print(json.dumps({"w": MODEL.head.kernel.numpy().ravel().tolist()}))

"""A subclassed Keras Model with a hidden Dense layer (tanh) and a linear head.  Mid-run
the loop replaces the hidden layer's `__dict__` with an edited copy whose `activation`
is relu (the original dict stays alive in `SAVED`), then with a copy using a leaky
relu, and finally puts the original dict back; Dense.call applies self.activation."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(18)


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(6, activation="tanh")
        self.head = keras.layers.Dense(1)

    def call(self, x):
        return self.head(self.hidden(x))


rng = np.random.default_rng(61)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + 1.5 * XS[:, 2:]).astype(np.float32)
MODEL = Net()
MODEL(tf.constant(XS[:2]))
OPT = keras.optimizers.SGD(0.05)
SAVED = MODEL.hidden.__dict__


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        d = dict(SAVED)
        d["activation"] = keras.activations.relu
        object.__setattr__(MODEL.hidden, "__dict__", d)
    if step == 14:
        d = dict(SAVED)
        d["activation"] = keras.activations.leaky_relu
        object.__setattr__(MODEL.hidden, "__dict__", d)
    if step == 19:
        object.__setattr__(MODEL.hidden, "__dict__", SAVED)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), MODEL.hidden.activation.__name__)
print(json.dumps({"w": MODEL.head.kernel.numpy().ravel().tolist()}))

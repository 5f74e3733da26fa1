"""A subclassed model whose call() the program wrote calls a sublayer of its own class;
the loop sets an instance `call` on that sublayer mid-run (a bound method of a helper
object holding a scale), then changes the helper's scale through another helper."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7)


class Scale(keras.layers.Layer):
    def call(self, x):
        return x


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(5, activation="tanh")
        self.scale = Scale()
        self.out = keras.layers.Dense(1)

    def call(self, x):
        return self.out(self.scale(self.hidden(x)))


class Damp:
    def __init__(self, factor):
        self.factor = factor

    def apply(self, x):
        return x * self.factor


rng = np.random.default_rng(15)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = XS[:, :1] * XS[:, 2:3]
NET = Net()
NET(tf.constant(XS[:2]))
OPT = keras.optimizers.SGD(0.05)
HALF, THIRD = Damp(0.5), Damp(1.0 / 3.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(NET(x) - y))
    grads = tape.gradient(loss, NET.trainable_variables)
    OPT.apply_gradients(zip(grads, NET.trainable_variables))
    return loss


for step in range(24):
    if step == 5:
        NET.scale.call = HALF.apply
    if step == 11:
        NET.scale.call = THIRD.apply
    if step == 17:
        del NET.scale.call
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))
print(json.dumps({"w": NET.out.kernel.numpy().ravel().tolist()}))

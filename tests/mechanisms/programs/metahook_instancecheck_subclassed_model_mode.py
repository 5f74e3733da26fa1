"""A subclassed Keras model holds a mode object (`self.mode`); the step asks
`isinstance(NET.mode, Dropping)` to decide whether to mask half the hidden units, and
`Dropping`'s program metaclass answers through `__instancecheck__` on a `flag`
attribute.  Mid-run the loop replaces `Meta.__instancecheck__`, then deletes it."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(10)


class Meta(type):
    def __instancecheck__(cls, obj):
        return getattr(obj, "flag", "") == "mask"


def negated(cls, obj):
    return getattr(obj, "flag", "") != "mask"


class Dropping(metaclass=Meta):
    pass


class Mode:
    flag = "mask"


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(6, activation="tanh")
        self.out = keras.layers.Dense(1)
        self.mode = Mode()

    def call(self, x):
        return self.out(self.hidden(x))


rng = np.random.default_rng(33)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] - XS[:, 2:]).astype(np.float32)
NET = Net()
NET(tf.constant(XS[:2]))
OPT = keras.optimizers.SGD(0.05)
MASK = tf.constant([1.0, 0.0, 1.0, 0.0, 1.0, 0.0])


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = NET.hidden(x)
        if isinstance(NET.mode, Dropping):
            h = h * MASK * 2.0
        loss = tf.reduce_mean(tf.square(NET.out(h) - y))
    grads = tape.gradient(loss, NET.trainable_variables)
    OPT.apply_gradients(zip(grads, NET.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        Meta.__instancecheck__ = negated
    if step == 14:
        del Meta.__instancecheck__
    if step == 19:
        Meta.__instancecheck__ = lambda cls, obj: hasattr(obj, "flag")
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), isinstance(NET.mode, Dropping))
print(json.dumps({"w": NET.out.kernel.numpy().ravel().tolist()}))

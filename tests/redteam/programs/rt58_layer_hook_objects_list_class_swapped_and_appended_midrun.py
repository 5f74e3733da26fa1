"""A program Keras layer that holds a list of hook objects (`self.hooks`, a Keras
TrackedList) and runs each hook on its output in `call`; the hooks are program objects
with `__call__` on their classes.  Mid-run one hook's `__class__` is reassigned to a
no-op class (step 7), a new hook is appended to the layer's list in place (step 13),
the first hook's class gets a different `__call__` on the class dict (step 19), and the
list is reordered in place by slice assignment (step 25).  A subclassed keras.Model
calls the layer; the step prints the hooks' class names.
Probes: callback-like hook objects held by library state (a TrackedList in a Layer),
changed through `__class__`, their class dict, and the list in place."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5822)
rng = np.random.default_rng(5822)
XS = rng.normal(size=(120, 6)).astype(np.float32)
YS = (XS[:, :2].prod(axis=1, keepdims=True) + XS[:, 5:6]).astype(np.float32)


class ScaleHook:
    def __init__(self, s):
        self.s = s

    def __call__(self, h):
        return h * self.s


class ShiftHook:
    def __init__(self, s):
        self.s = s

    def __call__(self, h):
        return h + self.s


class NoOpHook:
    def __call__(self, h):
        return h


class Hooked(keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.dense = keras.layers.Dense(units, activation="tanh")
        self.hooks = [ScaleHook(0.9), ShiftHook(0.05)]

    def call(self, x):
        h = self.dense(x)
        for hook in self.hooks:
            h = hook(h)
        return h


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.body = Hooked(10)
        self.head = keras.layers.Dense(1)

    def call(self, x):
        return self.head(self.body(x))


MODEL = Net()
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


def squash(self, h):
    return tf.tanh(h * self.s)


for step in range(32):
    if step == 7:
        MODEL.body.hooks[1].__class__ = NoOpHook
    if step == 13:
        MODEL.body.hooks.append(ScaleHook(1.5))
    if step == 19:
        ScaleHook.__call__ = squash
    if step == 25:
        MODEL.body.hooks[:] = [MODEL.body.hooks[2], MODEL.body.hooks[0]]
    i = (step * 10) % 110
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), [type(h).__name__ for h in MODEL.body.hooks])

print(json.dumps({"w": [repr(float(v)) for v in MODEL.head.kernel.numpy().ravel()]}))

"""A subclassed Keras model (body Dense -> program Scaler object -> head Dense).  Mid-run
the loop hangs things on instances: at step 8 a `__call__` on the head layer's instance
and on the program's Scaler instance (CPython looks `__call__` up on the type, so
`HEAD(x)` and `SCALER(t)` ignore both); at step 14 it hooks the body layer's own `call`
on its instance (Keras' `__call__` does honour `self.call`), the hook scaling by a
program list `GATE`; at step 20 `GATE[0]` is edited in place; at step 26 the hook is
deleted again; at step 30 the head's instance `__call__` is deleted and the Scaler
class's `__call__` itself is replaced (which does change `SCALER(t)`).  Probes: which
`__call__`/`call` a converter resolves for a call on an object (type vs instance), and
watches on instance dicts of Keras layers and program objects."""
import random

import numpy

random.seed(5602)
numpy.random.seed(5602)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5602)
rng = np.random.default_rng(5602)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - np.abs(XS[:, 1:2]) + 0.2).astype(np.float32)


class Scaler:
    def __init__(self, s):
        self.s = s

    def __call__(self, t):
        return t * self.s


BODY = keras.layers.Dense(10, activation="tanh", name="body")
HEAD = keras.layers.Dense(1, name="head")
SCALER = Scaler(1.5)
GATE = [1.0]


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.body = BODY
        self.head = HEAD

    def call(self, x, training=False):
        return self.head(SCALER(self.body(x)))


MODEL = Net()
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


ORIG_BODY_CALL = BODY.call


def hooked_call(inputs, training=None):
    return ORIG_BODY_CALL(inputs, training=training) * GATE[0]


for step in range(34):
    if step == 8:
        HEAD.__call__ = lambda *a, **k: tf.zeros((8, 1))
        SCALER.__call__ = lambda t: t * 100.0
    if step == 14:
        BODY.call = hooked_call
    if step == 20:
        GATE[0] = 0.5
    if step == 26:
        del BODY.call
    if step == 30:
        del HEAD.__call__
        Scaler.__call__ = lambda self, t: t * (self.s * 0.5)
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), "call" in vars(BODY), "__call__" in vars(HEAD),
          repr(float(HEAD.kernel.numpy()[0, 0])))

print(json.dumps({
    "body": [repr(float(v)) for v in BODY.kernel.numpy().ravel()[:6]],
    "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()[:6]],
}))

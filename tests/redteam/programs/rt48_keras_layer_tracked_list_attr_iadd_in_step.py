"""`+=` on list attributes that live on Keras objects: a custom Layer sets `self.log =
[]` in `__init__` (Keras' `__setattr__` wraps it in a TrackedList), and the step does
`layer.log += [float(loss)]` (TrackedList's inherited list `+=`, then Keras'
`__setattr__` storing it back through the tracker), `model.notes += (step,)` on a
list set on a keras.Model subclass, and `layer.count += 1` on a plain int attribute of
the layer.  The layer's `call` reads `len(self.log)` to scale its output (a Python number
that changes every call).  The loop replaces `layer.log` with a plain list slice at step
14 (wrapped again by Keras) and reads types, lengths and identities.  Probes: augmented
assignment through library objects with custom `__setattr__` and wrapped containers."""
import random

import numpy

random.seed(4834)
numpy.random.seed(4834)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4834)
rng = np.random.default_rng(4834)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + XS[:, 1:2] * 0.25).astype(np.float32)


class ScaledDense(keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.dense = keras.layers.Dense(units)
        self.log = []
        self.count = 0

    def call(self, x):
        return self.dense(x) * (1.0 + 0.01 * (len(self.log) % 10))


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(6, activation="tanh")
        self.head = ScaledDense(1)
        self.notes = []

    def call(self, x):
        return self.head(self.hidden(x))


MODEL = Net()
MODEL(tf.zeros((1, 4)))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    MODEL.head.log += [float(loss)]
    MODEL.notes += (step,)
    MODEL.head.count += 1
    return loss


first_log = MODEL.head.log
prev = first_log
for step in range(30):
    if step == 14:
        MODEL.head.log = list(MODEL.head.log[-3:])
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    lg = MODEL.head.log
    print(step, repr(float(loss)), type(lg).__name__, len(lg), lg is first_log, len(first_log), lg is prev, len(prev), repr(lg[-1]),
          type(MODEL.notes).__name__, MODEL.notes[-2:], MODEL.head.count)
    prev = lg

print(json.dumps({"log": [repr(v) for v in MODEL.head.log[-4:]], "notes": list(MODEL.notes[-4:]), "count": MODEL.head.count,
                  "n_weights": len(MODEL.weights),
                  "w": [repr(float(v)) for v in MODEL.head.dense.kernel.numpy().ravel()]}))

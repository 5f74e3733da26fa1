"""A subclassed keras.Model whose call() asks `isinstance(self.gate, Scaled)` (plain,
non-ABC classes) before scaling the hidden layer by the gate's factor.  Mid-run the
gate's class has its `__bases__` reassigned: Gate(Plain) -> Gate(Scaled) at step 8,
back to (Plain,) at step 16, to (Plain, Scaled) at step 24.  No object's dict and no
class dict is written; only the MRO of the gate's class changes.
Probes: isinstance answered at build time for a plain class while the instance's class
identity is pinned but its MRO is not (MRO guards beyond super()/getattr-default)."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5801)
rng = np.random.default_rng(5801)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 1.3) + 0.1 * XS[:, 1:2]).astype(np.float32)


class Plain:
    pass


class Scaled:
    pass


class Gate(Plain):
    def __init__(self, factor):
        self.factor = factor


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(8, activation="tanh")
        self.d2 = keras.layers.Dense(1)
        self.gate = Gate(0.25)

    def call(self, x):
        h = self.d1(x)
        if isinstance(self.gate, Scaled):
            h = h * self.gate.factor
        return self.d2(h)


MODEL = Net()
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        Gate.__bases__ = (Scaled,)
    if step == 16:
        Gate.__bases__ = (Plain,)
    if step == 24:
        Gate.__bases__ = (Plain, Scaled)
    i = (step * 12) % 84
    loss = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), isinstance(MODEL.gate, Scaled),
          [c.__name__ for c in Gate.__mro__])

print(json.dumps({"d2": [repr(float(v)) for v in MODEL.d2.kernel.numpy().ravel()],
                  "bases": [c.__name__ for c in Gate.__bases__]}))

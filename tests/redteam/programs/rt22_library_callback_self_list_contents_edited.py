"""Probes program callbacks that Keras calls with a program object as `self` whose
*contents* (not attributes) the loop edits in place.  (1) An Activation layer holds
`types.MethodType(_gated, GAINS)`: a bound method whose __self__ is a plain list (no
__dict__ to watch); _gated reads `gains[0]` and `gains[1]`.  (2) A Lambda layer holds a
callable object `Head(...)` whose __call__ reads `self.table["scale"]` and
`self.offsets[-1]` -- a dict and a list *held by* the object; the object's own __dict__
is never written.  The loop edits GAINS[0] at step 9, `head.table["scale"]` at step 17,
appends to `head.offsets` at step 24, and GAINS[1] at step 30.  Eager's Keras calls the
callbacks with the current contents at every call; a graph that took the callback's
`self` as a build-time constant and guarded only its identity or its __dict__ would keep
the old gains/scale/offset."""
import json
import random
import types

import keras
import numpy as np
import tensorflow as tf

random.seed(2236)
np.random.seed(2236)
keras.utils.set_random_seed(2236)
rng = np.random.default_rng(2236)

XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :1] * 2.0) + XS[:, 2:3] * 0.5).astype(np.float32)
GAINS = [1.0, 0.1]


def _gated(gains, t):
    return tf.maximum(t * gains[0], t * gains[1])


class Head:
    def __init__(self):
        self.table = {"scale": 1.0}
        self.offsets = [0.0]

    def __call__(self, t):
        return t * self.table["scale"] + self.offsets[-1]


head = Head()
MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(10),
    keras.layers.Activation(types.MethodType(_gated, GAINS)),
    keras.layers.Dense(1),
    keras.layers.Lambda(head),
])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 9:
        GAINS[0] = 0.5
    if step == 17:
        head.table["scale"] = 2.0
    if step == 24:
        head.offsets.append(0.3)
    if step == 30:
        GAINS[1] = 0.3
    i = (step * 10) % 70
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), GAINS, head.table, head.offsets)

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
}))

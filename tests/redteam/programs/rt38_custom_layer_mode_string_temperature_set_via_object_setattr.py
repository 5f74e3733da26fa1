"""A custom Keras layer reads two plain attributes inside its own call: `self.mode` (a str
choosing 'softmax' / 'sigmoid' / 'sparsemax-ish' Python paths) and `self.temperature` (a
Python float dividing the logits).  A module-level Controller object changes them between
steps through paths that bypass or use Keras' __setattr__: step 6 object.__setattr__(layer,
'temperature', 2.0), step 11 layer.__dict__['mode'] = 'sigmoid', step 17 setattr(layer,
'mode', 'clip'), step 22 vars(layer).update(temperature=0.5, mode='softmax').  Probes: a
program layer's own attributes read in its call, changed through four write paths."""
import random

import numpy

random.seed(422)
numpy.random.seed(422)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3842)
rng = np.random.default_rng(3842)
XS = rng.normal(size=(48, 5)).astype(np.float32)
YS = np.eye(3, dtype=np.float32)[rng.integers(0, 3, size=48)]


class Head(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.dense = keras.layers.Dense(3)
        self.mode = "softmax"
        self.temperature = 1.0

    def call(self, x):
        z = self.dense(x) / self.temperature
        if self.mode == "softmax":
            return tf.nn.softmax(z)
        elif self.mode == "sigmoid":
            return tf.sigmoid(z)
        return tf.clip_by_value(z * 0.25 + 0.5, 0.0, 1.0)


class Controller:
    def __init__(self, layer):
        self.layer = layer
        self.history = []

    def apply(self, step):
        L = self.layer
        if step == 6:
            object.__setattr__(L, "temperature", 2.0)
        elif step == 11:
            L.__dict__["mode"] = "sigmoid"
        elif step == 17:
            setattr(L, "mode", "clip")
        elif step == 22:
            vars(L).update(temperature=0.5, mode="softmax")
        else:
            return
        self.history.append((step, L.mode, L.temperature))


HEAD = Head()
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"), HEAD])
OPT = keras.optimizers.Adam(learning_rate=0.02)
CTRL = Controller(HEAD)


def train_step(x, y):
    with tf.GradientTape() as tape:
        p = model(x)
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss, p[0]


for step in range(28):
    CTRL.apply(step)
    i = (step * 8) % 48
    loss, p0 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), p0.numpy().tolist())

print(json.dumps({"weights": [w.numpy().ravel().tolist() for w in model.weights],
                  "history": CTRL.history, "it": int(OPT.iterations)}))

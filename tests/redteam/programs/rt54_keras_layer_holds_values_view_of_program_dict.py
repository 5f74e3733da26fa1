"""A custom Keras layer (a gated residual scaler) is constructed with views of a program
dict GATES: it keeps self.gate_vals = GATES.values() and self.gate_items = GATES.items()
(Keras' attribute tracking leaves views as they are).  Its call() computes a scale from
sum(self.gate_vals) and a per-gate bias from the items view, in order.  The loop edits
GATES (values, a new gate, a deletion) and never touches the layer; the step calls the
model under a tape and applies Keras SGD.
Probes: a dict view hung on a Keras layer (a library object's attribute) read by the
layer's own call() while a graph is built: the dict it views changes between calls
without any write to the layer's __dict__."""
import random

import numpy

random.seed(5421)
numpy.random.seed(5421)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5421)
rng = np.random.default_rng(5421)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + 0.5 * XS[:, 2:3]).astype(np.float32)

GATES = {"g0": 0.5, "g1": 0.25}


class GatedScale(keras.layers.Layer):
    def __init__(self, gates, **kw):
        super().__init__(**kw)
        self.gate_vals = gates.values()
        self.gate_items = gates.items()

    def call(self, x):
        scale = sum(self.gate_vals)
        bias = 0.0
        for pos, (name, g) in enumerate(self.gate_items):
            bias = bias + (pos + 1) * g * 0.1
        return x * scale + bias


GS = GatedScale(GATES)
inp = keras.Input((4,))
MODEL = keras.Model(inp, keras.layers.Dense(1)(GS(keras.layers.Dense(6, activation="tanh")(inp))))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 7:
        GATES["g0"] = 1.0
    if step == 12:
        GATES["g2"] = 0.75
    if step == 18:
        GATES["g1"] = GATES.pop("g1") * 2.0
    if step == 24:
        del GATES["g0"]
    if step == 30:
        GATES["g2"] = 0.0
    i = (step * 8) % 80
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), list(GS.gate_items))
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"k": [repr(float(a)) for a in MODEL.layers[-1].kernel.numpy().ravel()], "gates": GATES}))

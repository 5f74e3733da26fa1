"""A Sequential MLP with a LeakyReLU layer and a ReLU(max_value=1.0) layer.  A module-level
Tuner object holds a plan {step: [(layer_index, attr, value, how)]} and applies it between
steps through four write paths: setattr (step 6: LeakyReLU.negative_slope 0.2 -> 0.05),
vars(layer)[...] (step 12: ReLU.max_value 1.0 -> 0.5), layer.__dict__.update (step 18:
ReLU.threshold 0.0 -> 0.1) and plain attribute assignment inside a lambda held in the plan
(step 24: negative_slope -> 0.3).  Probes: Keras activation-layer attributes read inside the
layer's own call, changed by helper code through several write paths."""
import random

import numpy

random.seed(381)
numpy.random.seed(381)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3801)
rng = np.random.default_rng(3801)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - np.abs(XS[:, 1:2]) + 0.2).astype(np.float32)

model = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(8),
    keras.layers.LeakyReLU(negative_slope=0.2),
    keras.layers.Dense(8),
    keras.layers.ReLU(max_value=1.0),
    keras.layers.Dense(1),
])
opt = keras.optimizers.SGD(learning_rate=0.05)


def _assign_slope(layer, value):
    layer.negative_slope = value


class Tuner:
    def __init__(self, plan):
        self.plan = plan
        self.applied = []

    def apply(self, step, mdl):
        for idx, attr, val, how in self.plan.get(step, []):
            layer = mdl.layers[idx]
            if how == "setattr":
                setattr(layer, attr, val)
            elif how == "vars":
                vars(layer)[attr] = val
            elif how == "update":
                layer.__dict__.update({attr: val})
            else:
                how(layer, val)
                how = how.__name__
            self.applied.append((step, type(layer).__name__, attr, val, how))


TUNER = Tuner({
    6: [(1, "negative_slope", 0.05, "setattr")],
    12: [(3, "max_value", 0.5, "vars")],
    18: [(3, "threshold", 0.1, "update")],
    24: [(1, "negative_slope", 0.3, _assign_slope)],
})


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, pred


for step in range(30):
    TUNER.apply(step, model)
    i = (step * 16) % 96
    loss, pred = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), [repr(v) for v in pred.numpy().ravel()[:3].tolist()])

print(json.dumps({
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
    "slope": repr(model.layers[1].negative_slope),
    "max_value": repr(model.layers[3].max_value),
    "threshold": repr(model.layers[3].threshold),
    "applied": [list(a) for a in TUNER.applied],
    "iterations": int(opt.iterations),
}))

"""Probe: implicit special-method lookup skips the instance.

The step uses four helper objects implicitly: `scaler(x)` (__call__), `len(bank)`
(__len__), `if gate:` (__bool__) and `coef[k]` (__getitem__). At step 9 the loop assigns
instance attributes with those dunder names on each object (`scaler.__call__ = ...`,
`bank.__len__ = ...`, `gate.__bool__ = ...`, `coef.__getitem__ = ...`): CPython ignores
them for the implicit operations (it looks the special method up on the type), so eager
is unchanged, while the explicit `scaler.__call__(x)` the step also makes does use the
instance attribute. At step 19 the loop replaces the methods on the classes themselves,
which eager follows for the implicit forms only. A runtime that resolves `obj(...)`,
`len(obj)`, truth or `obj[k]` through the instance dict, or that misses class-level
replacement of a dunder, diverges. Mechanism: type-slot lookup of dunders vs attribute
lookup."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1506)
rng = np.random.default_rng(1506)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True)).astype(np.float32)

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)


class Scaler:
    def __call__(self, x):
        return x * 1.0


class Bank:
    def __init__(self):
        self.items = [1, 2, 3]

    def __len__(self):
        return len(self.items)


class Gate:
    def __bool__(self):
        return True


class Coef:
    def __getitem__(self, k):
        return 0.01 * k


scaler, bank, gate, coef = Scaler(), Bank(), Gate(), Coef()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = scaler(x)
        h2 = scaler.__call__(x)
        pred = model(h)
        loss = tf.reduce_mean(tf.square(pred - y))
        if gate:
            loss = loss + coef[len(bank)] * tf.reduce_mean(tf.square(h2 - h))
        loss = loss + coef[len(bank)] * 0.1
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, len(bank), bool(gate)


for step in range(30):
    if step == 9:
        scaler.__call__ = lambda x: x * 2.0
        bank.__len__ = lambda: 7
        gate.__bool__ = lambda: False
        coef.__getitem__ = lambda k: 1.0
    if step == 19:
        Scaler.__call__ = lambda self, x: x * 0.5
        Bank.__len__ = lambda self: 5
        Gate.__bool__ = lambda self: False
        Coef.__getitem__ = lambda self, k: 0.02 * k
    i = (step * 8) % 56
    loss, n, g = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(round(float(loss), 6)), n, g)

print(json.dumps({"w": [round(float(v), 6) for v in model.trainable_variables[0].numpy().ravel()[:8]],
                  "iterations": int(opt.iterations.numpy())}))

"""Keras Metric objects updated from inside a co-executed layer's call(): a custom layer
holds a keras.metrics.Mean of its activations and a Python call counter; the step also
updates a top-level MeanSquaredError metric and a SparseCategoricalAccuracy. The layer's
metric is reset at step 12, the layer's `track` flag turned off at step 18 and on again at
24 (Python branch in call). Batches come from a generator resumed from outside (refused)."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1111)
rng = np.random.default_rng(1111)
X = rng.normal(size=(96, 5)).astype("float32")
Y = rng.integers(0, 3, size=(96,)).astype("int32")


class Tracked(keras.layers.Layer):
    def __init__(self, units, **kw):
        super().__init__(**kw)
        self.dense = keras.layers.Dense(units, activation="relu")
        self.act_mean = keras.metrics.Mean(name="act_mean")
        self.calls = 0
        self.track = True

    def build(self, shape):
        self.dense.build(shape)

    def call(self, x):
        h = self.dense(x)
        self.calls += 1
        if self.track:
            self.act_mean.update_state(h)
        return h


def batches():
    i = 0
    while True:
        yield tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])
        i = (i + 8) % 88


DATA = batches()
LAYER = Tracked(6)
HEAD = keras.layers.Dense(3)
LAYER.build((None, 5))
HEAD.build((None, 6))
VARS = LAYER.trainable_variables + HEAD.trainable_variables
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
ACC = keras.metrics.SparseCategoricalAccuracy()
MSE = keras.metrics.MeanSquaredError()


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step():
    x, y = next(DATA)
    with tf.GradientTape() as tape:
        h = LAYER(x)
        logits = HEAD(h)
        loss = LOSS(y, logits)
    ACC.update_state(y, logits)
    MSE.update_state(tf.one_hot(y, 3), tf.nn.softmax(logits))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.1 * g)
    return loss, grads


for step in range(32):
    if step == 12:
        LAYER.act_mean.reset_state()
    if step == 18:
        LAYER.track = False
    if step == 24:
        LAYER.track = True
    loss, grads = train_step()
    print(step, repr(float(loss)), LAYER.calls, repr(float(LAYER.act_mean.result())),
          repr(float(LAYER.act_mean.count)), repr(float(ACC.result())), repr(float(MSE.result())))
    print("  g", flat(grads[1]), flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in VARS], "calls": LAYER.calls,
                  "mean_vars": [flat(v) for v in LAYER.act_mean.variables]}))

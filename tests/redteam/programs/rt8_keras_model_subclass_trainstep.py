"""A keras.Model subclass with its own train_step (the shape of Keras' guide), called by
hand from a loop instead of fit(): compiled loss and metrics, a layer's add_loss, the
model's loss tracker, and model.compile(...) called again mid-run.

    class Net(keras.Model): def train_step(self, data): ... self.compute_loss(...),
        self.optimizer.apply(...), self.compute_metrics(...) -> dict of results
  step 12: self.aux_weight (the program's attribute) = 0.3: add_loss term grows
  step 16: model.compile(optimizer=model.optimizer, loss="mae", metrics=["mse"])
           (recompiled: new compiled loss and metrics, same optimizer, whose state stays)
  step 21: model.optimizer.learning_rate.assign(0.002)
  step 25: model.reset_metrics()
  step 29: model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse",
           metrics=["mae", keras.metrics.RootMeanSquaredError()])  (a new optimizer)
The step updates its own Mean tracker and returns `{**compute_metrics(...), "my_loss": ...}`; the loop prints its keys and values, model.losses,
metric names and the optimizer's iterations. A converter that keeps the first compile's
loss/metrics objects, a stale add_loss coefficient, or the first optimizer differs.
"""
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(843)


class AuxLoss(keras.layers.Layer):
    def __init__(self, owner_weight, **kw):
        super().__init__(**kw)
        self.owner_weight = owner_weight

    def call(self, h):
        self.add_loss(self.owner_weight[0] * tf.reduce_mean(tf.abs(h)))
        return h


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.aux_weight = [0.05]
        self.d1 = keras.layers.Dense(10, activation="relu")
        self.aux = AuxLoss(self.aux_weight)
        self.d2 = keras.layers.Dense(1)
        self.loss_tracker = keras.metrics.Mean(name="my_loss")

    def call(self, x, training=False):
        return self.d2(self.aux(self.d1(x)))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        print("  loss", repr(float(loss)), "n_losses", len(self.losses), int(self.optimizer.iterations))
        self.loss_tracker.update_state(loss)
        return {**self.compute_metrics(x, y, y_pred), "my_loss": self.loss_tracker.result()}


model = Net()
model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse", metrics=["mae"])
rng = np.random.default_rng(843)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] * 1.5 + np.sin(XS[:, 1:2])).astype(np.float32)
model(XS[:2])

for step in range(36):
    if step == 12:
        model.aux_weight[0] = 0.3
    if step == 16:
        model.compile(optimizer=model.optimizer, loss="mae", metrics=["mse"])
    if step == 21:
        model.optimizer.learning_rate.assign(0.002)
    if step == 25:
        model.reset_metrics()
    if step == 29:
        model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse",
                      metrics=["mae", keras.metrics.RootMeanSquaredError()])
    i = (step * 8) % 56
    res = model.train_step((tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])))
    print(step, {k: repr(float(v)) for k, v in res.items()}, [repr(float(l)) for l in model.losses],
          [m.name for m in model.metrics], model.optimizer.name)

print("final", [repr(float(tf.reduce_sum(v))) for v in model.weights])
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))

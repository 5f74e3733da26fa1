"""Probe: Model.fit(run_eagerly=True) calling a custom train_step that delegates to
super().train_step(data) on some batches and runs its own tape on others, while a
Keras callback changes the model mid-fit.

Keras' fit loop (library Python) calls `model.train_step(data)` eagerly per batch, so
that train_step is the program's hot function. Net(Base(keras.Model)): Net.train_step
uses its own GradientTape with an extra penalty `self.pen` when `self.mode == "own"`,
else returns `super().train_step(data)` (Base.train_step, which itself calls
keras.Model.train_step and then bumps a Python counter). A callback switches
`model.mode` at batch boundaries of epoch 1, changes `model.pen` at epoch 2, and
replaces `Base.train_step` on the class at epoch 3 with a version that scales the
sample weights. Keras' compiled loss, metrics (a Mean tracker) and the optimizer are
shared by both paths. Eager: every batch goes through the current Python. Mechanism:
custom train_step overrides with super() chains, driven by the library's fit loop, with
callbacks mutating model attributes and classes between calls."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1530)
rng = np.random.default_rng(1530)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)) + 0.1).astype(np.float32)
BASE_CALLS = [0]
BATCH_LOSSES = []


class Base(keras.Model):
    def train_step(self, data):
        BASE_CALLS[0] += 1
        return super().train_step(data)


class Net(Base):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(8, activation="tanh")
        self.d2 = keras.layers.Dense(1)
        self.mode = "super"
        self.pen = 0.0
        self.own_steps = 0
        self.tracker = keras.metrics.Mean(name="own_loss")

    def call(self, x):
        return self.d2(self.d1(x))

    def train_step(self, data):
        if self.mode != "own":
            return super().train_step(data)
        x, y = data
        with tf.GradientTape() as tape:
            pred = self(x, training=True)
            loss = tf.reduce_mean(tf.square(pred - y))
            loss = loss + self.pen * tf.add_n([tf.reduce_sum(tf.square(w)) for w in self.trainable_weights])
        grads = tape.gradient(loss, self.trainable_weights)
        self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
        self.own_steps = self.own_steps + 1
        self.tracker.update_state(loss)
        return {"loss": self.tracker.result()}


def scaled_base_train_step(self, data):
    BASE_CALLS[0] += 100
    x, y = data
    return keras.Model.train_step(self, (x * 0.5, y))


class Switcher(keras.callbacks.Callback):
    def on_train_batch_begin(self, batch, logs=None):
        ep = self.epoch
        if ep == 1:
            self.model.mode = "own" if batch % 2 == 0 else "super"
        elif ep >= 2:
            self.model.mode = "own" if batch % 3 == 0 else "super"

    def on_train_batch_end(self, batch, logs=None):
        BATCH_LOSSES.append((self.model.mode, round(float(logs["loss"]), 6)))

    def on_epoch_begin(self, epoch, logs=None):
        self.epoch = epoch
        if epoch == 2:
            self.model.pen = 0.01
        if epoch == 3:
            Base.train_step = scaled_base_train_step


net = Net()
net.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05), loss="mse", run_eagerly=True)
hist = net.fit(XS, YS, batch_size=8, epochs=5, shuffle=False, verbose=0, callbacks=[Switcher()])
for k, v in sorted(hist.history.items()):
    print(k, [round(float(a), 6) for a in v])
print("batches", BATCH_LOSSES)
print(json.dumps({"base_calls": BASE_CALLS[0], "own_steps": net.own_steps,
                  "iterations": int(net.optimizer.iterations.numpy()),
                  "w": [round(float(v), 6) for v in net.d1.kernel.numpy().ravel()[:8]]}))

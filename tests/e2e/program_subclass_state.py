"""The program's own subclasses of Keras classes, changed between steps where only
Keras' code reads the change (tests/e2e/test_library_state.py runs this in both modes):

  * a keras.Model subclass with its own train_step that uses Keras 3's
    `self.compiled_loss` and `self.compiled_metrics` (a shim object made at each read),
    recompiled with another loss and metric mid-run;
  * a Dense subclass whose activation the loop swaps (Dense.call reads it);
  * an SGD subclass whose clipnorm the loop sets (apply reads it).

Attributes of these objects that the program's own step code reads (a loss scale the loop
sets at every step) or that only the loop uses (a list it appends to) are the program's:
they must not make janus rebuild.  One JSON document last."""

import json

import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)
keras.backend.set_floatx("float64")
X = tf.constant(np.random.default_rng(0).normal(size=(16, 4)))
Y = tf.constant(np.random.default_rng(1).normal(size=(16, 1)))
STEPS = 16


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(6, activation="tanh")
        self.out = keras.layers.Dense(1)
        self.loss_scale = 1.0
        self.history = []            # the loop appends to it; the step never reads it

    def call(self, x):
        return self.out(self.hidden(x))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            pred = self(x, training=True)
            loss = self.compiled_loss(y, pred) * self.loss_scale
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.compiled_metrics.update_state(y, pred)
        return loss


class ScaledDense(keras.layers.Dense):
    pass


class ClippedSGD(keras.optimizers.SGD):
    pass


net = Net()
net(X)
net.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse", metrics=["mae"])

layer = ScaledDense(1, activation="tanh")
layer(X)
sgd = ClippedSGD(0.1)


def layer_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(layer(X) - Y))
    grads = tape.gradient(loss, layer.trainable_variables)
    sgd.apply_gradients(zip(grads, layer.trainable_variables))
    return loss


def metric_values():
    values = []
    for m in net.metrics:
        result = m.result()
        if isinstance(result, dict):
            values += [(m.name, k, repr(float(result[k]))) for k in sorted(result)]
        else:
            values.append((m.name, repr(float(result))))
    return values


printed = []
for i in range(STEPS):
    if i == 5:
        net.compile(optimizer=net.optimizer, loss="mae", metrics=["mse"])
    if i == 8:
        layer.activation = keras.activations.get("relu")
    if i == 11:
        sgd.clipnorm = 0.01
    net.loss_scale = 1.0 + 0.125 * (i % 3)
    loss = net.train_step((X, Y))
    net.history.append(float(loss))
    line = (i, repr(float(loss)), repr(float(layer_step())), metric_values())
    printed.append(repr(line))
    print(*line)

print(json.dumps({"printed": printed, "history_type": type(net.history).__name__,
                  "history": net.history,
                  "net": [w.numpy().tolist() for w in net.weights],
                  "layer": [w.numpy().tolist() for w in layer.weights],
                  "iterations": [int(net.optimizer.iterations.numpy()),
                                 int(sgd.iterations.numpy())]}))

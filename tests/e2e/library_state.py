"""Library objects changed between steps, the way fine-tuning code does: a Dense layer's
activation, an optimizer's clipnorm and learning rate, a loss's reduction, a layer
inside a model (tests/e2e/test_library_state.py runs this in both modes).  One JSON document last."""

import json

import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)
keras.backend.set_floatx("float64")
X = tf.constant(np.random.default_rng(0).normal(size=(16, 4)))
Y = tf.constant(np.random.default_rng(1).normal(size=(16, 1)))
STEPS = 18

dense = keras.layers.Dense(1, activation="tanh")
dense(X)
opt = keras.optimizers.SGD(0.1)
loss_fn = keras.losses.MeanSquaredError()


def layer_step():
    with tf.GradientTape() as tape:
        loss = loss_fn(Y, dense(X))
    grads = tape.gradient(loss, dense.trainable_variables)
    opt.apply_gradients(zip(grads, dense.trainable_variables))
    return loss


model = keras.Sequential([keras.layers.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
adam = keras.optimizers.Adam(0.01)
huber = keras.losses.Huber(delta=1.0)


def model_step():
    with tf.GradientTape() as tape:
        loss = huber(Y, model(X, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    adam.apply_gradients(zip(grads, model.trainable_variables))
    return loss


printed = {"layer": [], "model": []}
for i in range(STEPS):
    if i == 6:
        dense.activation = keras.activations.get("relu")
        model.layers[0].activation = keras.activations.get("elu")
    if i == 9:
        opt.clipnorm = 0.01
        adam.clipvalue = 0.001
    if i == 12:
        loss_fn.reduction = "sum"
        huber.reduction = "sum"
    printed["layer"].append(repr(float(layer_step())))
    printed["model"].append(repr(float(model_step())))
    print(i, printed["layer"][-1], printed["model"][-1])

print(json.dumps({"printed": printed,
                  "dense": [w.numpy().tolist() for w in dense.weights],
                  "model": [w.numpy().tolist() for w in model.weights],
                  "iterations": [int(opt.iterations.numpy()), int(adam.iterations.numpy())]}))

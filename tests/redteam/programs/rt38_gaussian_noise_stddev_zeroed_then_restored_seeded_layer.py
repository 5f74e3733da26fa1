"""A Keras model with a GaussianNoise(stddev=0.3, seed=17) layer called with training=True,
so each step draws from the layer's own SeedGenerator.  GaussianNoise.call branches in
Python on `self.stddev > 0`: at step 8 the loop sets stddev to 0.0 (no draw, the layer's
seed state must stop advancing), at step 16 to 0.15 via vars(layer), at step 23 to a numpy
float64 0.2 (a numpy scalar attribute).  Prints the layer's seed-generator state every step.
Probes: a layer attribute that decides a Python branch and whether a random draw happens."""
import random

import numpy

random.seed(382)
numpy.random.seed(382)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3802)
rng = np.random.default_rng(3802)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 2)).astype(np.float32))

noise = keras.layers.GaussianNoise(0.3, seed=17)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          noise, keras.layers.Dense(2)])
opt = keras.optimizers.Adam(learning_rate=0.02)


def seed_state():
    return noise.seed_generator.state.numpy().tolist()


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 8:
        noise.stddev = 0.0
    elif step == 16:
        vars(noise)["stddev"] = 0.15
    elif step == 23:
        noise.stddev = np.float64(0.2)
    i = (step * 10) % 80
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), seed_state(), type(noise.stddev).__name__)

print(json.dumps({
    "weights": [w.numpy().ravel().tolist() for w in model.trainable_weights],
    "seed_state": seed_state(),
    "stddev": repr(noise.stddev),
    "iterations": int(opt.iterations),
    "np_state": str(numpy.random.get_state()[1][:3].tolist()),
    "py_state": random.getstate()[1][:3],
}))

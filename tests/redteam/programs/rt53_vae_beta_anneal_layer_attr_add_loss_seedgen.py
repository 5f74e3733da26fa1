"""A small VAE on synthetic data: the program's Sampling layer (a keras.layers.Layer
subclass) draws the reparameterisation noise with `keras.random.normal(seed=self.gen)`
from its own SeedGenerator and records `self.beta * KL` with `self.add_loss`; the step
adds `sum(MODEL.losses)` to the reconstruction loss.  The loop anneals `SAMPLER.beta`
every step (a Python float attribute of the program's Keras subclass, 0.0 -> 1.0 over
20 steps, then an int 1), rewinds the SeedGenerator's state variable to another seed at step 24, and
prints the generator's state.  Probes: a changing float attribute on the program's Keras
layer read inside its `call` (library code calls it), losses recorded by `add_loss`
read back by the step and by the loop, and a SeedGenerator's state advanced by graph
calls and assigned from outside mid-run."""
import random

import numpy

random.seed(542)
numpy.random.seed(542)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(542)
rng = np.random.default_rng(542)
Z = rng.normal(size=(192, 2)).astype(np.float32)
XS = np.concatenate([np.tanh(Z @ rng.normal(size=(2, 6))), Z ** 2 * 0.1], axis=1).astype(np.float32)


class Sampling(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.gen = keras.random.SeedGenerator(7)
        self.beta = 0.0

    def call(self, mean, logvar):
        kl = -0.5 * keras.ops.mean(keras.ops.sum(1.0 + logvar - keras.ops.square(mean) - keras.ops.exp(logvar), axis=1))
        self.add_loss(self.beta * kl)
        eps = keras.random.normal(keras.ops.shape(mean), seed=self.gen)
        return mean + keras.ops.exp(0.5 * logvar) * eps


SAMPLER = Sampling()
x_in = keras.Input((8,))
h = keras.layers.Dense(12, activation="relu")(x_in)
mu = keras.layers.Dense(2)(h)
lv = keras.layers.Dense(2)(h)
z = SAMPLER(mu, lv)
out = keras.layers.Dense(8)(keras.layers.Dense(12, activation="relu")(z))
MODEL = keras.Model(x_in, out)
OPT = keras.optimizers.Adam(0.005)


def train_step(x):
    with tf.GradientTape() as tape:
        recon = MODEL(x, training=True)
        rec_loss = tf.reduce_mean(tf.reduce_sum(tf.square(recon - x), axis=1))
        reg = tf.add_n(MODEL.losses)
        loss = rec_loss + reg
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return rec_loss, reg


for step in range(32):
    SAMPLER.beta = min(1.0, step / 20) if step < 28 else 1
    if step == 24:
        SAMPLER.gen.state.assign(tf.constant([99, 3], dtype=SAMPLER.gen.state.dtype))
    i = (step * 16) % 176
    rec, reg = train_step(tf.constant(XS[i:i + 16]))
    print(step, repr(float(rec)), repr(float(reg)), repr(float(MODEL.losses[0])),
          [int(s) for s in SAMPLER.gen.state.numpy()])

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
                  "beta": repr(SAMPLER.beta), "state": [int(s) for s in SAMPLER.gen.state.numpy()]}))

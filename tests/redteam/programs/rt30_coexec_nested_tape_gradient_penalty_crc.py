"""WGAN-GP-like critic step that cannot be one graph: the interpolation weight for
each batch is derived from zlib.crc32 of the batch bytes (an unknown C call between
two model calls).  Inside an outer tape, an inner tape watches the interpolated
inputs (not variables), the critic is called on them, the inner gradient's norm
enters a penalty, and the critic is called again on real data.  LAMBDA (Python)
changes at step 12 and the critic's last layer use_bias is irrelevant; at step 18 the
critic's first kernel is scaled by 0.5 (assign).  Probes: nested tapes around
co-executed model calls, gradients of gradients with respect to watched tensors."""
import random

import numpy

random.seed(42)
numpy.random.seed(42)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4201)
rng = np.random.default_rng(4201)
REAL = rng.normal(1.0, 0.5, size=(64, 3)).astype(np.float32)
FAKE = rng.normal(-0.5, 0.8, size=(64, 3)).astype(np.float32)
critic = keras.Sequential([keras.Input((3,)), keras.layers.Dense(8, activation="softplus"),
                           keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.005, beta_1=0.5)
LAMBDA = 5.0


def train_step(real, fake):
    eps = (zlib.crc32(real.tobytes()) % 1000) / 1000.0
    with tf.GradientTape() as outer:
        interp = tf.constant(eps * real + (1 - eps) * fake)
        with tf.GradientTape() as inner:
            inner.watch(interp)
            c_int = critic(interp)
        g = inner.gradient(c_int, interp)
        gp = tf.reduce_mean(tf.square(tf.norm(g, axis=1) - 1.0))
        loss = tf.reduce_mean(critic(fake)) - tf.reduce_mean(critic(real)) + LAMBDA * gp
    grads = outer.gradient(loss, critic.trainable_variables)
    OPT.apply_gradients(zip(grads, critic.trainable_variables))
    return loss, gp, eps


for step in range(30):
    if step == 12:
        LAMBDA = 10.0
    if step == 18:
        k = critic.layers[0].kernel
        k.assign(k * 0.5)
    i = (step * 8) % 56
    loss, gp, eps = train_step(REAL[i:i + 8], FAKE[i:i + 8])
    print(step, repr(float(loss)), repr(float(gp)), repr(eps))

print(json.dumps({
    "k0": [repr(float(v)) for v in critic.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in critic.layers[1].kernel.numpy().ravel()],
}))

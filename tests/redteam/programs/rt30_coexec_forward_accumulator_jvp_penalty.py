"""Co-executed step (a Python environment with an unknown C call, zlib.crc32, picks the
next state) with a forward-mode JVP penalty: inside a GradientTape, a
tf.autodiff.ForwardAccumulator with primal = the observation tensor and tangent = a
fixed direction is active while the policy model is called; acc.jvp(out) gives the
directional derivative, whose square enters the loss.  At step 12 the direction
changes and the policy's first activation becomes 'softplus'.  Probes: co-executed
Keras call sites under an active ForwardAccumulator (forward-mode records) inside a
tape."""
import random

import numpy

random.seed(56)
numpy.random.seed(56)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5601)
policy = keras.Sequential([keras.Input((3,)), keras.layers.Dense(6, activation="tanh"),
                           keras.layers.Dense(2)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
DIRECTION = np.array([[1.0, 0.0, -1.0]], np.float32)
STATES = np.random.default_rng(5601).normal(size=(16, 3)).astype(np.float32)


class Env:
    def __init__(self):
        self.i = 0

    def obs(self):
        return STATES[self.i]

    def step(self, a):
        self.i = (zlib.crc32(np.round(a, 2).tobytes()) + self.i) % 16
        return float(np.abs(a).sum())


env = Env()


def train_step(frames):
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for _ in range(frames):
            obs = tf.constant(env.obs()[None, :])
            with tf.autodiff.ForwardAccumulator(obs, tf.constant(DIRECTION)) as acc:
                out = policy(obs)
            jvp = acc.jvp(out)
            cost = env.step(out.numpy()[0])
            loss = loss + tf.reduce_sum(tf.square(out)) * 0.1 + 0.5 * tf.reduce_sum(tf.square(jvp)) + cost * 0.01
    grads = tape.gradient(loss, policy.trainable_variables)
    OPT.apply_gradients(zip(grads, policy.trainable_variables))
    return loss, tf.reduce_sum(jvp)


for step in range(30):
    if step == 12:
        DIRECTION = np.array([[0.5, 0.5, 0.0]], np.float32)
        policy.layers[0].activation = keras.activations.softplus
    loss, j = train_step(3)
    print(step, repr(float(loss)), repr(float(j)), env.i)

print(json.dumps({
    "k0": [repr(float(v)) for v in policy.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in policy.layers[1].kernel.numpy().ravel()],
}))

"""A co-executed episode whose policy has a program layer `Jitter` adding
`keras.random.normal(shape, stddev=self.sigma)` and applying
`keras.random.dropout(h, self.rate)` -- both with `seed=None`, i.e. drawing from Keras'
global SeedGenerator -- at every frame (training=True).  The interpreter samples each
action with `np.random.choice` from `.numpy()` of the probabilities and steps a
Python environment; the tape's gradient over the episode is applied with SGD.
Mid-run the loop calls `keras.utils.set_random_seed(321)` (episode 9: re-seeds
`random`, `numpy.random` and TF, and drops Keras' global SeedGenerator, which the
next draw remakes from Python's `random`), changes the layer's `sigma` and `rate`
(episode 15), calls `tf.random.set_seed(5)` alone (episode 20), and
`keras.utils.set_random_seed(321)` again (episode 26: the same streams again).
Probes: graph sites that draw from Keras' global SeedGenerator (a graph that
captured its state watches that attribute; a build that made the generator is put
back and the call interpreted) across re-seeding mid-run, interleaved with the
interpreter's numpy draws."""
import random

import numpy

random.seed(6019)
numpy.random.seed(6019)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6019)


class Jitter(keras.layers.Layer):
    def __init__(self, sigma, rate):
        super().__init__()
        self.sigma = sigma
        self.rate = rate

    def call(self, h, training=False):
        if not training:
            return h
        h = h + keras.random.normal(keras.ops.shape(h), stddev=self.sigma)
        return keras.random.dropout(h, self.rate)


JITTER = Jitter(0.2, 0.25)
POLICY = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8, activation="relu"),
    JITTER,
    keras.layers.Dense(3),
])
OPT = keras.optimizers.SGD(learning_rate=0.03)


class Grid:
    def __init__(self):
        self.cell = 0

    def reset(self, seed):
        self.cell = seed % 9
        return self.obs()

    def obs(self):
        r, c = divmod(self.cell, 3)
        return np.array([r / 2.0, c / 2.0, float(r == c), 1.0, 0.5], dtype=np.float32)

    def step(self, action):
        r, c = divmod(self.cell, 3)
        if action == 0:
            r = min(2, r + 1)
        elif action == 1:
            c = min(2, c + 1)
        else:
            r, c = max(0, r - 1), max(0, c - 1)
        self.cell = r * 3 + c
        return self.obs(), (1.0 if self.cell == 8 else -0.1)


ENV = Grid()


def run_episode(seed):
    obs = ENV.reset(seed)
    actions = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for _ in range(5):
            probs = tf.nn.softmax(POLICY(obs[None, :], training=True))
            p = probs.numpy()[0].astype(np.float64)
            action = int(np.random.choice(3, p=p / p.sum()))
            actions.append(action)
            obs, reward = ENV.step(action)
            loss = loss - tf.math.log(probs[0, action] + 1e-6) * reward
    grads = tape.gradient(loss, POLICY.trainable_variables)
    OPT.apply_gradients(zip(grads, POLICY.trainable_variables))
    return loss, actions


for episode in range(32):
    if episode in (9, 26):
        keras.utils.set_random_seed(321)
    if episode == 15:
        JITTER.sigma = 0.05
        JITTER.rate = 0.5
    if episode == 20:
        tf.random.set_seed(5)
    loss, actions = run_episode(episode)
    print(episode, repr(float(loss)), "".join(map(str, actions)),
          repr(float(POLICY.layers[-1].kernel.numpy()[0, 0])), random.randint(0, 999))

print(json.dumps({
    "k0": [repr(float(v)) for v in POLICY.layers[0].kernel.numpy().ravel()[:8]],
    "k2": [repr(float(v)) for v in POLICY.layers[2].kernel.numpy().ravel()[:6]],
    "np": int(np.random.randint(0, 10 ** 6)),
    "py": random.randint(0, 10 ** 6),
}))

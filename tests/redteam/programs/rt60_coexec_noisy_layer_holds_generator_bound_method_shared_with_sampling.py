"""A co-executed episode with parameter-space-like exploration: the policy (a
Sequential) contains a program layer `NoisyGain` whose `call` multiplies its input by
`1 + self.sigma * self.draw(size=(1, units))`, where `self.draw` is a bound method
of a numpy Generator (`GEN.standard_normal`) stored on the layer.  The interpreter samples each
action with `GEN.choice(3, p=...)` from the same Generator, so the per-frame site's
draw and the interpreter's draw interleave on one stream.  Mid-run the loop changes
`sigma` (episode 8), rewinds the Generator by assigning a saved
`bit_generator.state` (episode 13), stores another Generator's `standard_normal` as
`draw` (episode 19), and stores `functools.partial(GEN.normal, 0.0, 0.5)` (a partial of the bound
method, episode 25).
Probes: a numpy Generator's bound method in a Keras layer's Python state (drawn in a
graph site, pre-drawn by janus before the site's graph), interleaved with the
interpreter's draws from the same generator, its state rewound in place, and
replaced by a partial of a draw."""
import random

import numpy

random.seed(6018)
numpy.random.seed(6018)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6018)
GEN = np.random.default_rng(6018)
OTHER = np.random.default_rng(99)


class NoisyGain(keras.layers.Layer):
    def __init__(self, units, draw, sigma):
        super().__init__()
        self.units = units
        self.draw = draw
        self.sigma = sigma

    def call(self, x):
        noise = (self.sigma * self.draw(size=(1, self.units))).astype(np.float32)
        return x * (1.0 + noise)


NOISY = NoisyGain(6, GEN.standard_normal, 0.3)
POLICY = keras.Sequential([
    keras.Input((4,)),
    keras.layers.Dense(6, activation="tanh"),
    NOISY,
    keras.layers.Dense(3),
])
OPT = keras.optimizers.Adam(learning_rate=0.01)


class Track:
    def __init__(self):
        self.x = 0.0

    def reset(self, seed):
        self.x = (seed % 7) / 7.0 - 0.5
        return self.obs()

    def obs(self):
        return np.array([self.x, self.x * self.x, 1.0, -self.x], dtype=np.float32)

    def step(self, action):
        self.x = float(np.clip(self.x + 0.2 * (action - 1), -1.0, 1.0))
        return self.obs(), 1.0 - abs(self.x - 0.3)


ENV = Track()


def run_episode(seed):
    obs = ENV.reset(seed)
    actions = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for _ in range(6):
            probs = tf.nn.softmax(POLICY(obs[None, :]))
            p = probs.numpy()[0].astype(np.float64)
            action = int(GEN.choice(3, p=p / p.sum()))
            actions.append(action)
            obs, reward = ENV.step(action)
            loss = loss - tf.math.log(probs[0, action]) * (reward - 0.5)
    grads = tape.gradient(loss, POLICY.trainable_variables)
    OPT.apply_gradients(zip(grads, POLICY.trainable_variables))
    return loss, actions


SAVED = None
for episode in range(32):
    if episode == 4:
        SAVED = GEN.bit_generator.state
    if episode == 8:
        NOISY.sigma = 0.1
    if episode == 13:
        GEN.bit_generator.state = SAVED
    if episode == 19:
        NOISY.draw = OTHER.standard_normal
    if episode == 25:
        NOISY.draw = functools.partial(GEN.normal, 0.0, 0.5)
    loss, actions = run_episode(episode)
    print(episode, repr(float(loss)), "".join(map(str, actions)),
          repr(float(POLICY.layers[-1].kernel.numpy()[0, 0])), int(GEN.integers(0, 1000)))

print(json.dumps({
    "k0": [repr(float(v)) for v in POLICY.layers[0].kernel.numpy().ravel()[:8]],
    "k2": [repr(float(v)) for v in POLICY.layers[2].kernel.numpy().ravel()[:6]],
    "gen": int(GEN.integers(0, 10 ** 6)),
    "other": int(OTHER.integers(0, 10 ** 6)),
}))

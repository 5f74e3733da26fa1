"""A co-executed episode (per-frame `np.random.choice` on `.numpy()` of the
probabilities, a Python environment, one GradientTape over the whole episode, Adam
after it).  The policy is a functional model containing a program layer `Refine`
whose `call` runs `keras.ops.fori_loop(0, self.iters, BODY, h)` with BODY a global
`functools.partial(relax, DAMP, temperature=1.0)` and DAMP a float32 ndarray of
per-iteration step sizes.  Mid-run the loop writes into DAMP in place (episode 8),
edits the partial's keywords in place (episode 14), rebinds BODY to a partial over
another array (episode 20), and raises the layer's `iters` from 3 to 4 while
extending that array (episode 26).
Probes: a partial handed to keras.ops' loop inside a Keras layer called as a graph
site of an interpreted episode, forward and under the episode's tape: what the C
partial passes to the program's function (an ndarray, keywords) is read natively."""
import random

import numpy

random.seed(6025)
numpy.random.seed(6025)

import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6025)


def relax(damp, i, h, temperature=1.0):
    return h + damp[i] * (keras.ops.tanh(h / temperature) - h)


DAMP = np.array([0.6, 0.3, 0.1], dtype=np.float32)
BODY = functools.partial(relax, DAMP, temperature=1.0)


class Refine(keras.layers.Layer):
    def __init__(self, iters):
        super().__init__()
        self.iters = iters

    def call(self, h):
        return keras.ops.fori_loop(0, self.iters, BODY, h)

    def compute_output_shape(self, shape):
        return shape


REFINE = Refine(3)
inp = keras.Input((4,))
h = keras.layers.Dense(6)(inp)
h = REFINE(h)
POLICY = keras.Model(inp, keras.layers.Dense(3)(h))
OPT = keras.optimizers.Adam(learning_rate=0.02)


class Slope:
    def __init__(self):
        self.y = 0.0

    def reset(self, seed):
        self.y = (seed % 5) * 0.25 - 0.5
        return self.obs()

    def obs(self):
        return np.array([self.y, np.tanh(2 * self.y), 1.0, self.y ** 3], dtype=np.float32)

    def step(self, action):
        self.y = float(np.clip(self.y + 0.3 * (action - 1) - 0.05, -1.5, 1.5))
        return self.obs(), -abs(self.y)


ENV = Slope()


def run_episode(seed):
    obs = ENV.reset(seed)
    actions = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for _ in range(6):
            probs = tf.nn.softmax(POLICY(obs[None, :]))
            p = probs.numpy()[0].astype(np.float64)
            action = int(np.random.choice(3, p=p / p.sum()))
            actions.append(action)
            obs, reward = ENV.step(action)
            loss = loss - tf.math.log(probs[0, action]) * (reward + 0.5)
    grads = tape.gradient(loss, POLICY.trainable_variables)
    OPT.apply_gradients(zip(grads, POLICY.trainable_variables))
    return loss, actions


OTHER = np.array([0.2, 0.2, 0.2, 0.0], dtype=np.float32)
for episode in range(32):
    if episode == 8:
        DAMP[0] = 0.05
    if episode == 14:
        BODY.keywords["temperature"] = 0.3
    if episode == 20:
        BODY = functools.partial(relax, OTHER, temperature=2.0)
    if episode == 26:
        OTHER[3] = 0.9
        REFINE.iters = 4
    loss, actions = run_episode(episode)
    print(episode, repr(float(loss)), "".join(map(str, actions)),
          repr(float(POLICY.layers[-1].kernel.numpy()[0, 0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in POLICY.layers[1].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in POLICY.layers[-1].kernel.numpy().ravel()],
    "np": int(np.random.randint(0, 10 ** 6)),
}))

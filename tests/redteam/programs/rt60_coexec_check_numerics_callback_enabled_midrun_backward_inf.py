"""A co-executed policy-gradient episode: per frame an encoder and a head (Keras
models) run under one GradientTape, the action is sampled with `np.random.choice`
from `.numpy()` of the probabilities, and a Python environment is stepped.  The loss
adds a feature-sparsity term `tf.norm(features * mask)` where the environment's mask
is all zeros on "dark" frames (from episode 12 on, frame 3 of every other episode):
the norm's backward pass then produces inf (SqrtGrad of 0) and NaN.
At episode 10 the loop calls `tf.debugging.enable_check_numerics()`, so eager raises
InvalidArgumentError inside `tape.gradient` on a dark episode (caught: the episode is
skipped, the op type is printed); at episode 26 it calls `disable_check_numerics()`,
after which the same episodes reach the program's own finiteness check on the
gradients ("nonfinite", skipped).
Probes: co-execution's deferred backward walk (compiled chunks of gradient functions
run as graphs) against TF's op callbacks installed mid-run, which eager runs on
every backward op; sites run under op callbacks."""
import random

import numpy

random.seed(6008)
numpy.random.seed(6008)

import json
import re

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6008)


class Room:
    def __init__(self):
        self.state = np.zeros(5, dtype=np.float32)
        self.t = 0
        self.dark = False

    def reset(self, episode):
        gen = np.random.default_rng(episode)
        self.state = gen.normal(size=5).astype(np.float32)
        self.t = 0
        self.dark = episode >= 12 and episode % 2 == 0
        return self.state.copy()

    def mask(self):
        if self.dark and self.t == 3:
            return np.zeros(6, dtype=np.float32)
        return np.ones(6, dtype=np.float32)

    def step(self, action):
        self.state = np.roll(self.state, action - 1) * 0.9
        self.state[0] += 0.1 * action
        self.t += 1
        reward = float(self.state[0] - abs(self.state[1]))
        return self.state.copy(), reward


ENCODER = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh")])
HEAD = keras.Sequential([keras.Input((6,)), keras.layers.Dense(3)])
VARS = ENCODER.trainable_variables + HEAD.trainable_variables
OPT = keras.optimizers.SGD(learning_rate=0.03)
ENV = Room()


def run_episode(episode):
    obs = ENV.reset(episode)
    actions = []
    with tf.GradientTape() as tape:
        total = tf.constant(0.0)
        for _ in range(6):
            feats = ENCODER(obs[None, :])
            probs = tf.nn.softmax(HEAD(feats))
            p = probs.numpy()[0].astype(np.float64)
            action = int(np.random.choice(3, p=p / p.sum()))
            actions.append(action)
            logp = tf.math.log(probs[0, action])
            sparsity = tf.norm(feats * ENV.mask())
            obs, reward = ENV.step(action)
            total = total - logp * reward + 0.01 * sparsity
    try:
        grads = tape.gradient(total, VARS)
    except tf.errors.InvalidArgumentError as err:
        found = re.search(r'of eagerly-executing op "(\w+)"', str(err))
        return total, actions, "caught:" + (found.group(1) if found else "other")
    if not all(np.isfinite(g.numpy()).all() for g in grads):
        return total, actions, "nonfinite"
    OPT.apply_gradients(zip(grads, VARS))
    return total, actions, "applied"


for episode in range(32):
    if episode == 10:
        tf.debugging.enable_check_numerics()
    if episode == 26:
        tf.debugging.disable_check_numerics()
    total, actions, status = run_episode(episode)
    print(episode, repr(float(total)), "".join(map(str, actions)), status,
          repr(float(HEAD.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({
    "enc": [repr(float(v)) for v in ENCODER.layers[0].kernel.numpy().ravel()[:8]],
    "head": [repr(float(v)) for v in HEAD.layers[0].kernel.numpy().ravel()[:8]],
    "iters": int(OPT.iterations.numpy()),
}))

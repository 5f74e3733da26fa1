"""A co-executed actor: per frame the policy (a subclassed Keras model, one graph
site) gives probabilities, `.numpy()` and `np.random.choice` pick the action, and a
Python environment steps; after the episode a tape over the stacked observations
updates the policy by hand.  The policy sums the logits of its first `n_active`
heads; the extra heads are made in `__init__` but stay unbuilt until the loop raises
`n_active` (episodes 7, 15, 23): the next per-frame site call is the first call of
that head, which Keras builds lazily inside the model's call.  The heads' kernel
initializers are program initializers drawing from numpy's global generator
(`np.random.normal`), the same stream `np.random.choice` samples actions from.
Probes: a graph site whose build meets variable creation inside a built model
(purity.variables_noted) together with a draw from numpy's global generator during
that build (generator states compared and put back after a build): the actions
sampled after it, and the new head's weights, show which state the interpreter
continued from."""
import random

import numpy

random.seed(6017)
numpy.random.seed(6017)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6017)


class NumpyNormal(keras.initializers.Initializer):
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, shape, dtype=None):
        return np.random.normal(0.0, self.scale, size=shape).astype("float32")


class Policy(keras.Model):
    def __init__(self):
        super().__init__()
        self.body = keras.layers.Dense(8, activation="tanh")
        self.heads = [keras.layers.Dense(3, kernel_initializer=NumpyNormal(s)) for s in (0.5, 0.4, 0.3, 0.2)]
        self.n_active = 1

    def call(self, x):
        h = self.body(x)
        out = self.heads[0](h)
        for head in self.heads[1:self.n_active]:
            out = out + head(h)
        return out


class Ring:
    def __init__(self):
        self.pos = 0

    def reset(self, seed):
        self.pos = seed % 5
        return self.obs()

    def obs(self):
        o = np.zeros(6, dtype=np.float32)
        o[self.pos] = 1.0
        o[5] = 0.3
        return o

    def step(self, action):
        self.pos = (self.pos + action) % 5
        return self.obs(), (1.0 if self.pos == 0 else -0.2)


POLICY = Policy()
POLICY(tf.zeros((1, 6)))
ENV = Ring()
LR = 0.05


def run_episode(seed):
    obs = ENV.reset(seed)
    observations, actions, rewards = [], [], []
    for _ in range(6):
        probs = tf.nn.softmax(POLICY(obs[None, :])).numpy()[0].astype(np.float64)
        action = int(np.random.choice(3, p=probs / probs.sum()))
        observations.append(obs)
        actions.append(action)
        obs, reward = ENV.step(action)
        rewards.append(reward)
    returns = np.cumsum(np.array(rewards[::-1], dtype=np.float32))[::-1].copy()
    with tf.GradientTape() as tape:
        logp = tf.nn.log_softmax(POLICY(np.stack(observations)))
        picked = tf.reduce_sum(logp * tf.one_hot(actions, 3), axis=1)
        loss = -tf.reduce_mean(picked * returns)
    grads = tape.gradient(loss, POLICY.trainable_variables)
    for v, g in zip(POLICY.trainable_variables, grads):
        v.assign_sub(LR * g)
    return loss, actions


for episode in range(30):
    if episode in (7, 15, 23):
        POLICY.n_active += 1
    loss, actions = run_episode(episode)
    newest = POLICY.heads[POLICY.n_active - 1].kernel.numpy().ravel()
    print(episode, repr(float(loss)), "".join(map(str, actions)), POLICY.n_active,
          repr(float(newest[0])), repr(float(newest[-1])))

print(json.dumps({
    "body": [repr(float(v)) for v in POLICY.body.kernel.numpy().ravel()[:8]],
    "heads": [[repr(float(v)) for v in h.kernel.numpy().ravel()[:3]] for h in POLICY.heads[:POLICY.n_active]],
    "np": int(np.random.randint(0, 10 ** 6)),
}))

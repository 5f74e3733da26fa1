"""REINFORCE on a small Python corridor environment.  Each call of `run_episode` acts
frame by frame (the policy's probabilities go to `.numpy()` and `np.random.choice`,
the environment is stepped in Python), then opens one GradientTape over the
episode's observations and applies Adam.  The policy is a subclassed Keras model
whose custom layer rescales each row with `tf.map_fn(ROW_OP, h)`, where ROW_OP is a
global C callable: `operator.methodcaller("__mul__", GAINS)` over a program list
GAINS.  Mid-run the loop edits GAINS in place (episode 9), replaces ROW_OP with
`functools.partial(tf.clip_by_value, clip_value_min=-0.5, clip_value_max=0.5)`
(episode 16), edits that partial's keywords in place (episode 23), and edits GAINS
again after restoring the methodcaller (episode 28).
Probes: co-execution (numpy sampling and a Python environment keep the episode in the
interpreter; the policy's calls run as graph sites, the acting ones without a tape)
with a C callable handed to tf.map_fn inside a Keras layer, whose held list and
keywords library code reads natively."""
import random

import numpy

random.seed(6007)
numpy.random.seed(6007)

import functools
import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6007)


class Corridor:
    def __init__(self, length):
        self.length = length
        self.pos = 0

    def reset(self, start):
        self.pos = start
        return self.obs()

    def obs(self):
        o = np.zeros(4, dtype=np.float32)
        o[0] = self.pos / self.length
        o[1] = 1.0 if self.pos % 2 == 0 else -1.0
        o[2] = (self.length - self.pos) / self.length
        o[3] = 0.5
        return o

    def step(self, action):
        self.pos = max(0, min(self.length, self.pos + (1 if action == 1 else -1)))
        done = self.pos == self.length
        reward = 1.0 if done else -0.05
        return self.obs(), reward, done


GAINS = [1.0, 0.5, 1.5, 1.0, 0.8, 1.2]
ROW_OP = operator.methodcaller("__mul__", GAINS)


class RowScale(keras.layers.Layer):
    def call(self, h):
        return tf.map_fn(ROW_OP, h)


class Policy(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(6, activation="tanh")
        self.scale = RowScale()
        self.logits = keras.layers.Dense(2)

    def call(self, x):
        return self.logits(self.scale(self.hidden(x)))


POLICY = Policy()
POLICY(tf.zeros((1, 4)))
OPT = keras.optimizers.Adam(learning_rate=0.02)
ENV = Corridor(5)


def run_episode(start):
    obs = ENV.reset(start)
    observations, actions, rewards = [], [], []
    for _ in range(8):
        logits = POLICY(obs[None, :])
        probs = tf.nn.softmax(logits).numpy()[0].astype(np.float64)
        probs = probs / probs.sum()
        action = int(np.random.choice(2, p=probs))
        observations.append(obs)
        actions.append(action)
        obs, reward, done = ENV.step(action)
        rewards.append(reward)
        if done:
            break
    returns = np.cumsum(np.array(rewards[::-1], dtype=np.float32))[::-1].copy()
    with tf.GradientTape() as tape:
        logits = POLICY(np.stack(observations))
        logp = tf.nn.log_softmax(logits)
        chosen = tf.gather(logp, actions, axis=1, batch_dims=0)
        picked = tf.linalg.diag_part(chosen)
        loss = -tf.reduce_sum(picked * (returns - returns.mean()))
    grads = tape.gradient(loss, POLICY.trainable_variables)
    OPT.apply_gradients(zip(grads, POLICY.trainable_variables))
    return loss, actions, float(sum(rewards))


for episode in range(32):
    if episode == 9:
        GAINS[1] = 3.0
        GAINS[4] = -1.0
    if episode == 16:
        ROW_OP = functools.partial(tf.clip_by_value, clip_value_min=-0.5, clip_value_max=0.5)
    if episode == 23:
        ROW_OP.keywords["clip_value_max"] = 0.1
    if episode == 28:
        ROW_OP = operator.methodcaller("__mul__", GAINS)
        GAINS[0] = 0.0
    loss, actions, total = run_episode(episode % 3)
    print(episode, repr(float(loss)), "".join(map(str, actions)), repr(total),
          repr(float(POLICY.logits.kernel.numpy()[0, 0])))

print(json.dumps({
    "hidden": [repr(float(v)) for v in POLICY.hidden.kernel.numpy().ravel()[:8]],
    "logits": [repr(float(v)) for v in POLICY.logits.kernel.numpy().ravel()],
    "np": int(np.random.randint(0, 10 ** 6)),
}))

"""A small Q-learning loop on a Python bandit-walk environment, co-executed: each
call of `run_episode` acts frame by frame with `QNET(obs, training=explore)` where
`explore = np.random.rand() < EPS` is a numpy bool (`np.bool_`) drawn per frame
(MC-dropout exploration: the Dropout and BatchNormalization layers see training on
some frames only), takes `argmax` of `.numpy()` of the Q-values, then fits the
episode's TD targets under one GradientTape with `training=TRAIN_FLAG`.
Mid-run the loop changes EPS (episode 8), the Dropout's `rate` (episode 12), the
BatchNormalization's `momentum` (episode 17), makes TRAIN_FLAG a numpy bool
`np.True_` instead of Python's True (episode 21) and then `np.int64(1)` (episode 26).
Probes: graph sites keyed and guarded on a Keras call's keyword arguments whose
values are numpy scalars (np.bool_, np.int64) rather than Python bools, with the
layers reconfigured between episodes; the BN moving statistics and Dropout's seed
state advanced only on the frames that train."""
import random

import numpy

random.seed(6009)
numpy.random.seed(6009)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6009)


class Walk:
    def __init__(self):
        self.x = 0.0

    def reset(self, seed):
        self.x = float(np.random.default_rng(seed).uniform(-1.0, 1.0))
        return self.obs()

    def obs(self):
        return np.array([self.x, self.x ** 2, np.sin(3 * self.x), 1.0], dtype=np.float32)

    def step(self, action):
        self.x = float(np.clip(self.x + (action - 1) * 0.25, -2.0, 2.0))
        return self.obs(), -abs(self.x - 0.5)


DROP = keras.layers.Dropout(0.2, seed=11)
BN = keras.layers.BatchNormalization(momentum=0.9)
QNET = keras.Sequential([
    keras.Input((4,)),
    keras.layers.Dense(12, activation="relu"),
    BN,
    DROP,
    keras.layers.Dense(3),
])
OPT = keras.optimizers.Adam(learning_rate=0.01)
ENV = Walk()
EPS = 0.5
TRAIN_FLAG = True
GAMMA = 0.9


def run_episode(seed):
    obs = ENV.reset(seed)
    observations, actions, rewards, nexts = [], [], [], []
    explored = 0
    for _ in range(7):
        explore = np.random.rand() < EPS
        explored += int(explore)
        q = QNET(obs[None, :], training=explore).numpy()[0]
        action = int(np.argmax(q))
        nxt, reward = ENV.step(action)
        observations.append(obs)
        actions.append(action)
        rewards.append(reward)
        nexts.append(nxt)
        obs = nxt
    next_q = QNET(np.stack(nexts), training=False).numpy().max(axis=1)
    targets = (np.array(rewards, dtype=np.float32) + GAMMA * next_q).astype(np.float32)
    with tf.GradientTape() as tape:
        q_all = QNET(np.stack(observations), training=TRAIN_FLAG)
        q_taken = tf.reduce_sum(q_all * tf.one_hot(actions, 3), axis=1)
        loss = tf.reduce_mean(tf.square(q_taken - targets))
    grads = tape.gradient(loss, QNET.trainable_variables)
    OPT.apply_gradients(zip(grads, QNET.trainable_variables))
    return loss, actions, explored


for episode in range(32):
    if episode == 8:
        EPS = 0.2
    if episode == 12:
        DROP.rate = 0.5
    if episode == 17:
        BN.momentum = 0.5
    if episode == 21:
        TRAIN_FLAG = np.True_
    if episode == 26:
        TRAIN_FLAG = np.int64(1)
    loss, actions, explored = run_episode(episode)
    print(episode, repr(float(loss)), "".join(map(str, actions)), explored,
          repr(float(BN.moving_mean.numpy()[0])), repr(float(BN.moving_variance.numpy()[1])))

print(json.dumps({
    "k0": [repr(float(v)) for v in QNET.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in QNET.layers[3].kernel.numpy().ravel()[:6]],
    "mm": [repr(float(v)) for v in BN.moving_mean.numpy()[:4]],
    "np": int(np.random.randint(0, 10 ** 6)),
}))

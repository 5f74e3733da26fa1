"""What the RL models share: CartPole from gymnasium, an actor-critic network, and
rollouts collected by a plain Python loop (episode bookkeeping in lists and globals)."""

import gymnasium as gym
import numpy as np
import tensorflow as tf

EPISODE_RETURNS = []          # every finished episode's return, in order
FRAMES = 0                    # environment frames so far


class ActorCritic:
    def __init__(self, hidden=64):
        self.body = tf.keras.layers.Dense(hidden, activation="tanh")
        self.policy = tf.keras.layers.Dense(2)
        self.value = tf.keras.layers.Dense(1)

    def __call__(self, observations):
        h = self.body(observations)
        return self.policy(h), tf.squeeze(self.value(h), axis=1)

    def variables(self):
        return (self.body.trainable_variables + self.policy.trainable_variables +
                self.value.trainable_variables)


class Rollouts:
    """Frames of one environment, acted on by the current policy."""

    def __init__(self, seed):
        self.env = gym.make("CartPole-v1")
        self.observation, _ = self.env.reset(seed=seed)
        self.rng = np.random.default_rng(seed)
        self.episode_return = 0.0

    def collect(self, model, frames):
        global FRAMES
        observations, actions, rewards, dones, values, logps = [], [], [], [], [], []
        for _ in range(frames):
            logits, value = model(self.observation[None].astype(np.float32))
            probs = tf.nn.softmax(logits)[0].numpy().astype(np.float64)
            action = int(self.rng.choice(2, p=probs / probs.sum()))
            observations.append(self.observation)
            actions.append(action)
            values.append(float(value[0]))
            logps.append(float(np.log(probs[action])))
            self.observation, reward, terminated, truncated, _ = self.env.step(action)
            self.episode_return += reward
            rewards.append(reward)
            dones.append(terminated or truncated)
            if terminated or truncated:
                EPISODE_RETURNS.append(self.episode_return)
                self.episode_return = 0.0
                self.observation, _ = self.env.reset()
            FRAMES += 1
        _, last_value = model(self.observation[None].astype(np.float32))
        return (np.array(observations, np.float32), np.array(actions, np.int64),
                np.array(rewards, np.float32), np.array(dones), np.array(values, np.float32),
                np.array(logps, np.float32), float(last_value[0]))


def discounted(rewards, dones, values, last_value, gamma=0.99, lam=None):
    """n-step returns (lam None) or GAE(lam) advantages and returns."""
    returns = np.zeros_like(rewards)
    advantages = np.zeros_like(rewards)
    running, gae, next_value = last_value, 0.0, last_value
    for t in reversed(range(len(rewards))):
        alive = 0.0 if dones[t] else 1.0
        running = rewards[t] + gamma * running * alive
        returns[t] = running
        if lam is not None:
            delta = rewards[t] + gamma * next_value * alive - values[t]
            gae = delta + gamma * lam * alive * gae
            advantages[t] = gae
            next_value = values[t]
    if lam is None:
        return returns - values, returns
    return advantages, advantages + values

"""REINFORCE in the shape of the TF actor-critic tutorial: each step gets one recorded
episode (states, actions, rewards; lengths 1..11 vary, so shapes change every call),
computes `get_expected_return` with a TensorArray written in `for i in tf.range(n)` over
the reversed rewards (`discounted_sum.set_shape(...)` as the tutorial does), optionally
standardizes the returns (a Python flag), and minimizes -sum(log pi(a|s) * returns)
with Adam.  At step 15 the loop lowers the Python float gamma and at step 22 turns
standardization off.  Probes: the tutorial's tensor loop under episode lengths that
vary each call (relaxed shapes), length-1 episodes (std 0 plus eps), Python knobs
changed mid-run."""
import random

import numpy

random.seed(62)
numpy.random.seed(62)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4023)
rng = np.random.default_rng(4023)
EPISODES = []
for e in range(34):
    n = int(rng.integers(1, 12))
    s = rng.normal(size=(n, 4)).astype(np.float32)
    a = rng.integers(0, 2, size=(n,)).astype(np.int32)
    r = (np.where(a == (s[:, 0] > 0), 1.0, -0.5)).astype(np.float32)
    EPISODES.append((s, a, r))
policy = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(2)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
EPS = float(np.finfo(np.float32).eps)


class Cfg:
    gamma = 0.99
    standardize = True


def get_expected_return(rewards, gamma, standardize):
    n = tf.shape(rewards)[0]
    returns = tf.TensorArray(dtype=tf.float32, size=n)
    rewards = tf.cast(rewards[::-1], dtype=tf.float32)
    discounted_sum = tf.constant(0.0)
    discounted_sum_shape = discounted_sum.shape
    for i in tf.range(n):
        reward = rewards[i]
        discounted_sum = reward + gamma * discounted_sum
        discounted_sum.set_shape(discounted_sum_shape)
        returns = returns.write(i, discounted_sum)
    returns = returns.stack()[::-1]
    if standardize:
        returns = ((returns - tf.math.reduce_mean(returns)) / (tf.math.reduce_std(returns) + EPS))
    return returns


def train_step(states, actions, rewards):
    with tf.GradientTape() as tape:
        logits = policy(states)
        logp = tf.nn.log_softmax(logits)
        picked = tf.gather(logp, actions, batch_dims=1)
        ret = get_expected_return(rewards, Cfg.gamma, Cfg.standardize)
        loss = -tf.reduce_sum(picked * ret)
    grads = tape.gradient(loss, policy.trainable_variables)
    OPT.apply_gradients(zip(grads, policy.trainable_variables))
    return loss, ret


for step, (s, a, r) in enumerate(EPISODES):
    if step == 15:
        Cfg.gamma = 0.9
    if step == 22:
        Cfg.standardize = False
    loss, ret = train_step(tf.constant(s), tf.constant(a), tf.constant(r))
    print(step, len(r), repr(float(loss)), [repr(float(v)) for v in ret.numpy()[:3]])

print([repr(float(tf.reduce_sum(v))) for v in policy.weights])

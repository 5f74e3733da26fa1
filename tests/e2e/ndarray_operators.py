"""ndarray arguments meeting TF values and comparisons inside converted steps
(tests/e2e/test_ndarrays.py runs this in both modes):

  * policy_step (keras-io PPO's shape): `obs @ W` with obs an ndarray and W a variable,
    `adv > 0` of an ndarray advantage inside tf.where;
  * masked_step: `rewards >= cfg.threshold` (a Python float the loop changes mid-run)
    and `low < high` between two ndarray arguments, cast to a mask;
  * action_step: `actions == 1` of an int64 ndarray, and `logp - logp_old` of a tensor
    and an ndarray.

One JSON document last."""

import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(8)
rng = np.random.default_rng(8)
W = tf.Variable(rng.normal(size=(4, 2)) * 0.3)
V = tf.Variable(rng.normal(size=(4, 1)) * 0.3)
U = tf.Variable(rng.normal(size=(4, 2)) * 0.3)
opt = tf.keras.optimizers.Adam(0.01)
CLIP = 0.2
STEPS = 20


class Config:
    threshold = 0.0


cfg = Config()


def policy_step(obs, actions, logp_old, adv):
    with tf.GradientTape() as tape:
        logits = obs @ W
        logp = tf.reduce_sum(tf.one_hot(actions, 2, dtype=tf.float64)
                             * tf.nn.log_softmax(logits), axis=1)
        ratio = tf.exp(logp - logp_old)
        min_adv = tf.where(adv > 0, (1 + CLIP) * adv, (1 - CLIP) * adv)
        loss = -tf.reduce_mean(tf.minimum(ratio * adv, min_adv))
    opt.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss


def masked_step(obs, rewards, low, high):
    mask = tf.cast(rewards >= cfg.threshold, tf.float64) * tf.cast(low < high, tf.float64)
    with tf.GradientTape() as tape:
        pred = tf.squeeze(tf.matmul(obs, V), 1)
        loss = tf.reduce_sum(mask * tf.square(pred - rewards)) / (tf.reduce_sum(mask) + 1.0)
    V.assign_sub(0.05 * tape.gradient(loss, V))
    return loss


def action_step(obs, actions, logp_old):
    with tf.GradientTape() as tape:
        logp = tf.nn.log_softmax(tf.matmul(obs, U))[:, 1]
        chosen = tf.where(actions == 1, logp - logp_old, tf.zeros_like(logp))
        loss = -tf.reduce_mean(chosen)
    U.assign_sub(0.05 * tape.gradient(loss, U))
    return loss


printed = []
for i in range(STEPS):
    if i == 9:
        cfg.threshold = 0.5
    obs = rng.normal(size=(16, 4))
    actions = rng.integers(0, 2, size=16)
    logp_old = np.log(np.full(16, 0.5))
    adv = rng.normal(size=16)
    adv = (adv - np.mean(adv)) / (np.std(adv) + 1e-8)
    rewards = rng.normal(size=16)
    low, high = rng.normal(size=16), rng.normal(size=16)
    line = (i, repr(float(policy_step(obs, actions, logp_old, adv))),
            repr(float(masked_step(obs, rewards, low, high))),
            repr(float(action_step(obs, actions, logp_old))))
    printed.append(repr(line))
    print(*line)

print(json.dumps({"printed": printed, "w": W.numpy().tolist(), "v": V.numpy().tolist(),
                  "u": U.numpy().tolist(), "iterations": int(opt.iterations.numpy())}))

"""tf.random.categorical sampling in a REINFORCE-style step, with a partial last batch,
num_samples=3 (not a multiple of 4), draws made by the loop between steps, and
tf.random.set_seed called from the loop.

The step samples 3 actions per row from the policy logits, computes a score-function
loss with tf.random.normal noise on the rewards, and returns the actions.
  every 5th step: the batch is the partial tail (5 rows instead of 8)
  step 12: the loop draws tf.random.categorical itself (same logits shape as the step)
  step 15: tf.random.set_seed(77)
  step 21: NUM_SAMPLES = 4
  step 26: tf.random.set_seed(77) again (the same op seeds as after step 15 repeat)
  step 30: the loop draws tf.random.normal([2]) and np.random.random()
A converter that reproduces the Multinomial stream wrongly (rows x samples rounding,
repeated op seeds after a set_seed, an extra or missing op seed) prints different
actions, losses and final RNG probes.
"""
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(827)

NUM_SAMPLES = 3
rng = np.random.default_rng(827)
XS = rng.normal(size=(45, 6)).astype(np.float32)
REWARD_W = rng.normal(size=(5,)).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 5)).astype(np.float32) * 0.3)


def train_step(x):
    with tf.GradientTape() as tape:
        logits = x @ W
        acts = tf.random.categorical(logits, NUM_SAMPLES)
        logp = tf.nn.log_softmax(logits)
        chosen = tf.gather(logp, acts, batch_dims=1)
        rewards = tf.gather(REWARD_W, acts) + 0.1 * tf.random.normal(tf.shape(chosen))
        loss = -tf.reduce_mean(chosen * rewards)
    g = tape.gradient(loss, W)
    W.assign_sub(0.1 * g)
    print("  rows", len(x), "acts", acts.numpy().tolist())
    return loss, acts


for step in range(36):
    if step == 12:
        print("loop cat", tf.random.categorical(tf.zeros([8, 5]), 3).numpy().tolist())
    if step == 15:
        tf.random.set_seed(77)
    if step == 21:
        NUM_SAMPLES = 4
    if step == 26:
        tf.random.set_seed(77)
    if step == 30:
        print("loop draws", tf.random.normal([2]).numpy().tolist(), np.random.random())
    if step % 5 == 4:
        x = XS[40:45]
    else:
        i = (step * 8) % 40
        x = XS[i:i + 8]
    loss, acts = train_step(tf.constant(x))
    print(step, repr(float(loss)), tuple(acts.shape), acts.dtype.name)

print("final", repr(float(tf.reduce_sum(W))), W.numpy()[0].tolist())
print("rng", repr(float(tf.random.uniform([]))), tf.random.categorical([[0.0, 1.0, 2.0]], 5).numpy().tolist(),
      repr(float(np.random.random())), repr(random.random()))

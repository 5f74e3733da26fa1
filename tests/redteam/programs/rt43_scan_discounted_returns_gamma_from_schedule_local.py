"""REINFORCE on a toy bandit sequence: the step computes discounted returns with
`tf.scan(lambda acc, r: r + gamma * acc, rewards, reverse=True)`, where `gamma` is a
step-local Python float computed from a global schedule list indexed by the episode
number (`GAMMAS[min(ep // 10, 2)]`) and the baseline is a local tensor the fn also reads.
The returns are constants to the policy-gradient loss.  The caller also edits GAMMAS[1]
at step 15.  Probes: tf.scan with reverse=True whose fn closes over a step-local Python
float and a tensor; the value changes between calls through the schedule."""
import random

import numpy

random.seed(4319)
numpy.random.seed(4319)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4319)
rng = np.random.default_rng(4319)
OBS = rng.normal(size=(30, 12, 4)).astype(np.float32)
ACTS = rng.integers(0, 3, size=(30, 12)).astype(np.int32)
REWS = rng.normal(size=(30, 12)).astype(np.float32)
POLICY = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.1)
OPT = keras.optimizers.Adam(learning_rate=0.01)
GAMMAS = [0.9, 0.95, 0.99]


def train_step(obs, acts, rews, ep):
    gamma = GAMMAS[min(ep // 10, 2)]
    baseline = tf.reduce_mean(rews)
    rets = tf.scan(lambda acc, r: (r - baseline) + gamma * acc, rews, initializer=0.0, reverse=True)
    with tf.GradientTape() as tape:
        logp = tf.nn.log_softmax(obs @ POLICY)
        chosen = tf.gather(logp, acts, batch_dims=1)
        loss = -tf.reduce_mean(chosen * tf.stop_gradient(rets))
    grads = tape.gradient(loss, [POLICY])
    OPT.apply_gradients(zip(grads, [POLICY]))
    return loss, rets


for ep in range(30):
    if ep == 15:
        GAMMAS[1] = 0.8
    loss, rets = train_step(tf.constant(OBS[ep]), tf.constant(ACTS[ep]), tf.constant(REWS[ep]), ep)
    print(ep, repr(float(loss)), repr(float(rets[0])), repr(float(rets[-1])))

print(json.dumps({"policy": [repr(float(v)) for v in POLICY.numpy().ravel()], "gammas": GAMMAS}))

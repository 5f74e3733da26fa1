"""A co-executed episode step (a pure-Python gridworld advances per frame with actions
drawn by np.random.choice from the policy's probabilities, so the step stays in the
interpreter) computes a policy-gradient loss over all frames under one tape.  What
changes mid-run: from step 10 a curvature correction is switched on: the tape and the
gradient call are wrapped in a `tf.autodiff.ForwardAccumulator` over the policy's
weights (tangent = a fixed random direction), and `acc.jvp(grads)` (a Hessian-vector
product, forward-over-reverse) is subtracted from the update.  Probes: a tape.gradient
walk that a forward accumulator must record (eagerly the backward ops carry JVPs), in
a step whose earlier walks were deferred and compiled."""
import random

import numpy

random.seed(4605)
numpy.random.seed(4605)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4605)
rng = np.random.default_rng(4605)
POLICY = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"),
                           keras.layers.Dense(3)])
TANGENTS = [tf.constant(rng.normal(size=v.shape).astype(np.float32) * 0.1)
            for v in POLICY.trainable_variables]
LR = 0.05
STATE = {"hvp": False}


class Grid:
    def __init__(self):
        self.x = 0
        self.y = 0
        self.t = 0

    def obs(self):
        return np.array([self.x / 4.0, self.y / 4.0, self.t / 10.0, 1.0], np.float32)

    def step(self, a):
        self.t += 1
        if a == 0:
            self.x = min(self.x + 1, 4)
        elif a == 1:
            self.y = min(self.y + 1, 4)
        else:
            self.x = max(self.x - 1, 0)
        done = (self.x == 4 and self.y == 4) or self.t >= 6 + self.y % 3
        return (1.0 if self.x == 4 and self.y == 4 else -0.1), done


def rollout_loss(env):
    logps = []
    rewards = []
    done = False
    while not done:
        logits = POLICY(env.obs()[None, :])
        p = tf.nn.softmax(logits)[0]
        pn = p.numpy().astype(np.float64)
        a = int(np.random.choice(3, p=pn / pn.sum()))
        logps.append(tf.math.log(p[a]))
        r, done = env.step(a)
        rewards.append(r)
    returns = np.cumsum(np.array(rewards, np.float64)[::-1])[::-1]
    loss = -sum(float(g) * lp for g, lp in zip(returns, logps)) / len(logps)
    return loss, len(logps)


def train_step():
    env = Grid()
    variables = POLICY.trainable_variables
    if STATE["hvp"]:
        with tf.autodiff.ForwardAccumulator([v.value for v in variables], TANGENTS) as acc:
            with tf.GradientTape() as tape:
                loss, n = rollout_loss(env)
            grads = tape.gradient(loss, variables)
        hvp = acc.jvp(grads, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    else:
        with tf.GradientTape() as tape:
            loss, n = rollout_loss(env)
        grads = tape.gradient(loss, variables)
        hvp = [tf.zeros_like(v) for v in variables]
    for v, g, h in zip(variables, grads, hvp):
        v.assign_sub(LR * (g - 0.5 * h))
    return loss, n, grads, hvp


for step in range(24):
    if step == 10:
        STATE["hvp"] = True
    loss, n, grads, hvp = train_step()
    print(step, n, repr(float(loss)), repr(float(grads[0][1, 3])), repr(float(grads[2][5, 1])),
          repr(float(hvp[0][1, 3])), repr(float(hvp[2][5, 1])), repr(float(hvp[3][0])))

print(json.dumps({"w": [repr(float(v)) for v in POLICY.layers[0].kernel.numpy().ravel()[::3]],
                  "out": [repr(float(v)) for v in POLICY.layers[1].kernel.numpy().ravel()]}))

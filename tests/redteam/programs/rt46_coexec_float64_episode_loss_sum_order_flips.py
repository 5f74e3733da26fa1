"""A co-executed actor-critic episode (a pure-Python cart environment advances per
frame, actions drawn by np.random.choice from the float64 policy's probabilities,
episode lengths vary from 4 to 12 frames) keeps every frame on one tape; the actor and
critic heads share a float64 trunk (Keras layers with dtype="float64"), returns are
discounted in numpy, and the per-frame losses are summed with Python's sum().  What
changes mid-run: from step 12 the per-frame terms are summed in reverse frame order
(sum(reversed(terms))), which changes the order of the forward Adds and so the order
in which the tape's backward meets them and sums the trunk's gradient terms.  Probes:
float64 gradient sums over frames in the deferred walk (chunks cut per frame, episodes
of varying length), and eager's summation order."""
import random

import numpy

random.seed(4622)
numpy.random.seed(4622)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4622)
TRUNK = keras.layers.Dense(8, activation="tanh", dtype="float64")
ACTOR = keras.layers.Dense(2, dtype="float64")
CRITIC = keras.layers.Dense(1, dtype="float64")
TRUNK(np.zeros((1, 4)))
ACTOR(np.zeros((1, 8)))
CRITIC(np.zeros((1, 8)))
OPT = keras.optimizers.SGD(learning_rate=0.01)
GAMMA = 0.9
STATE = {"reverse": False}


class Cart:
    def __init__(self, seed):
        r = np.random.default_rng(seed)
        self.x, self.v, self.a, self.w = r.uniform(-0.1, 0.1, size=4)
        self.t = 0

    def obs(self):
        return np.array([[self.x, self.v, self.a, self.w]])

    def step(self, act):
        f = 1.0 if act == 1 else -1.0
        self.w += 0.05 * (9.8 * np.sin(self.a) - f * np.cos(self.a))
        self.a += 0.05 * self.w
        self.v += 0.05 * f
        self.x += 0.05 * self.v
        self.t += 1
        done = abs(self.a) > 0.08 or self.t >= 12
        return 1.0, done


def train_step(episode):
    env = Cart(episode)
    done = False
    with tf.GradientTape() as tape:
        logps, values, rewards = [], [], []
        while not done:
            h = TRUNK(tf.constant(env.obs()))
            p = tf.nn.softmax(ACTOR(h))[0]
            values.append(CRITIC(h)[0, 0])
            pn = p.numpy()
            act = int(np.random.choice(2, p=pn / pn.sum()))
            logps.append(tf.math.log(p[act]))
            r, done = env.step(act)
            rewards.append(r)
        ret = np.zeros(len(rewards))
        acc = 0.0
        for t in range(len(rewards) - 1, -1, -1):
            acc = rewards[t] + GAMMA * acc
            ret[t] = acc
        ret = (ret - ret.mean()) / (ret.std() + 1e-6)
        terms = []
        for lp, v, g in zip(logps, values, ret):
            adv = float(g) - float(v)
            terms.append(-lp * adv + 0.5 * tf.square(v - float(g)))
        loss = sum(reversed(terms)) if STATE["reverse"] else sum(terms)
    variables = TRUNK.trainable_variables + ACTOR.trainable_variables + CRITIC.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, len(rewards), grads


for step in range(26):
    if step == 12:
        STATE["reverse"] = True
    loss, n, grads = train_step(step)
    print(step, n, repr(float(loss)), repr(float(grads[0][1, 3])), repr(float(grads[0][3, 6])),
          repr(float(grads[1][2])), repr(float(grads[4][5, 0])))

print(json.dumps({"trunk": [repr(float(v)) for v in TRUNK.kernel.numpy().ravel()],
                  "actor": [repr(float(v)) for v in ACTOR.kernel.numpy().ravel()]}))

"""RL-style preallocated numpy buffers reused in place: each frame of a co-executed
step writes the environment's observation into OBS[:] (same array object every
frame) and calls the policy on OBS directly, samples an action with np.random.choice
on the softmax, and computes a Huber loss site with a numpy sample-weight buffer W
that is also rewritten in place per frame (W[:] = discount**t).  At step 12 GAMMA
changes.  Probes: co-executed Keras call sites handed the same ndarray objects with
new contents each frame (must see current contents, not a constant)."""
import random

import numpy

random.seed(50)
numpy.random.seed(50)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5001)
policy = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"),
                           keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
huber = keras.losses.Huber(delta=1.0)
OBS = np.zeros((1, 4), np.float32)
W = np.ones((1,), np.float32)
TGT = np.zeros((1, 3), np.float32)
GAMMA = 0.9


class Env:
    def __init__(self):
        self.s = np.array([0.3, -0.1, 0.7, 0.2], np.float32)
        self.t = 0

    def step(self, a):
        self.t += 1
        self.s = np.tanh(self.s + np.float32(0.2) * np.float32(a - 1) + np.float32(0.05) * self.s[::-1])
        return float(self.s.sum())


env = Env()


def train_step(frames):
    total = tf.constant(0.0)
    with tf.GradientTape() as tape:
        for t in range(frames):
            OBS[:] = env.s
            W[:] = GAMMA ** t
            logits = policy(OBS)
            p = tf.nn.softmax(logits[0]).numpy().astype(np.float64)
            a = int(np.random.choice(3, p=p / p.sum()))
            r = env.step(a)
            TGT[:] = 0.0
            TGT[0, a] = r
            total = total + huber(TGT, logits, sample_weight=W)
    grads = tape.gradient(total, policy.trainable_variables)
    OPT.apply_gradients(zip(grads, policy.trainable_variables))
    return total


for step in range(30):
    if step == 12:
        GAMMA = 0.5
    loss = train_step(4)
    print(step, repr(float(loss)), env.t, repr(float(env.s[0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in policy.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in policy.layers[1].kernel.numpy().ravel()[:6]],
    "obs": [repr(float(v)) for v in OBS.ravel()], "w": repr(float(W[0])),
    "np_state": int(np.random.get_state()[2]),
}))

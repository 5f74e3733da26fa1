"""Probes a program-defined Keras layer with Python side effects (a call counter on the
layer, a print every PERIOD calls, a read of the module global TEMPERATURE) called from
a step that stays in the interpreter (it samples an action with NumPy from the model's
probabilities and steps a Python environment), i.e. a co-executed Keras call site.

Eager runs the layer's Python at every call: `self.calls` grows by one per call, its
print comes between the step's own "before" and "after" prints, and TEMPERATURE is read
each time.  The loop changes TEMPERATURE at step 12 and 24 and PERIOD at step 18; the
episode length varies with the sampled actions.

A site graph that ran the layer's Python once while building would not count or print
per call, would print at the wrong place, or keep the first temperature: the printed
lines, the counter, the actions sampled (through the probabilities) and weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2037)
random.seed(2037)
np.random.seed(2037)
rng = np.random.default_rng(2037)

TEMPERATURE = 1.0
PERIOD = 5


class TemperedSoftmax(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.calls = 0

    def call(self, logits):
        self.calls += 1
        if self.calls % PERIOD == 0:
            print("  layer tick", self.calls, "temp", TEMPERATURE)
        return tf.nn.softmax(logits / TEMPERATURE)


HEAD = TemperedSoftmax()
POLICY = keras.Sequential([keras.Input((3,)), keras.layers.Dense(8, activation="tanh"),
                           keras.layers.Dense(2)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


class Env:
    def __init__(self):
        self.pos = 0.0

    def reset(self, k):
        self.pos = 0.1 * (k % 5) - 0.2
        return np.array([self.pos, 1.0, -self.pos], dtype=np.float32)

    def step(self, action):
        self.pos += 0.1 if action == 1 else -0.1
        done = abs(self.pos) > 0.35
        return np.array([self.pos, 1.0, -self.pos], dtype=np.float32), 1.0 - abs(self.pos), done


ENV = Env()
ACT_RNG = np.random.default_rng(99)


def train_step(k):
    obs = ENV.reset(k)
    with tf.GradientTape() as tape:
        logps = []
        rewards = []
        for t in range(4):
            print(" before", k, t)
            probs = HEAD(POLICY(obs[None, :]))
            print(" after", k, t)
            p = probs.numpy()[0].astype(np.float64)
            action = int(ACT_RNG.choice(2, p=p / p.sum()))
            logps.append(tf.math.log(probs[0, action]))
            obs, r, done = ENV.step(action)
            rewards.append(r)
            if done:
                break
        ret = float(np.sum(rewards))
        loss = -tf.add_n(logps) * ret
    grads = tape.gradient(loss, POLICY.trainable_variables)
    OPT.apply_gradients(zip(grads, POLICY.trainable_variables))
    return loss, len(rewards), ret


for step in range(36):
    if step == 12:
        TEMPERATURE = 2.0
    if step == 18:
        PERIOD = 3
    if step == 24:
        TEMPERATURE = 0.5
    loss, n, ret = train_step(step)
    print(step, round(float(loss), 6), n, round(ret, 6), HEAD.calls)

print(json.dumps({
    "calls": HEAD.calls,
    "out": [round(float(v), 6) for v in POLICY.layers[-1].kernel.numpy().ravel()],
}))

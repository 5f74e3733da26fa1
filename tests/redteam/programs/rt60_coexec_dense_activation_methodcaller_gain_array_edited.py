"""Actor-critic on a Python pendulum-like environment, co-executed: per frame the
actor and the critic (functional Keras models) run under one GradientTape, the
action is drawn with `np.random.choice` from `.numpy()` of the actor's
probabilities, and the environment steps in Python; the tape's gradient is applied
with RMSprop after the episode.  The actor's hidden Dense layer has as its
activation the C callable `operator.methodcaller("__mul__", GAIN)` (a per-unit
gating by a program float32 ndarray).  Mid-run the loop writes into GAIN in place
(episode 9: units 0-2 switched off), rebinds the layer's activation to a new
methodcaller over another array (episode 16), writes into that array in place
(episode 22), and sets the activation to `operator.methodcaller("__pow__", 2)`
(episode 27).
Probes: a C callable held by a Keras layer where library code calls it (the
activation) -- opaque-callable detection for methodcaller, and the ndarray it holds
-- inside graph sites of an interpreted step, forward and under the tape."""
import random

import numpy

random.seed(6010)
numpy.random.seed(6010)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6010)


class Swing:
    def __init__(self):
        self.theta = 0.0
        self.omega = 0.0

    def reset(self, seed):
        gen = np.random.default_rng(seed)
        self.theta = float(gen.uniform(-1.0, 1.0))
        self.omega = 0.0
        return self.obs()

    def obs(self):
        return np.array([np.cos(self.theta), np.sin(self.theta), self.omega, 1.0], dtype=np.float32)

    def step(self, action):
        torque = (action - 1) * 0.5
        self.omega = float(np.clip(self.omega * 0.95 - 0.3 * np.sin(self.theta) + torque, -3.0, 3.0))
        self.theta += 0.2 * self.omega
        return self.obs(), float(np.cos(self.theta))


GAIN = np.ones(8, dtype=np.float32)
a_in = keras.Input((4,))
HID = keras.layers.Dense(8, activation=operator.methodcaller("__mul__", GAIN))
a_out = keras.layers.Dense(3)(keras.layers.Activation("tanh")(HID(a_in)))
ACTOR = keras.Model(a_in, a_out)
c_in = keras.Input((4,))
CRITIC = keras.Model(c_in, keras.layers.Dense(1)(keras.layers.Dense(8, activation="relu")(c_in)))
VARS = ACTOR.trainable_variables + CRITIC.trainable_variables
OPT = keras.optimizers.RMSprop(learning_rate=0.005)
ENV = Swing()


def run_episode(seed):
    obs = ENV.reset(seed)
    actions = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for _ in range(6):
            probs = tf.nn.softmax(ACTOR(obs[None, :]))
            value = CRITIC(obs[None, :])[0, 0]
            p = probs.numpy()[0].astype(np.float64)
            action = int(np.random.choice(3, p=p / p.sum()))
            actions.append(action)
            obs, reward = ENV.step(action)
            next_value = float(CRITIC(obs[None, :])[0, 0])
            advantage = reward + 0.9 * next_value - value
            loss = loss - tf.math.log(probs[0, action]) * tf.stop_gradient(advantage) + 0.5 * tf.square(advantage)
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss, actions


GAIN2 = np.linspace(0.2, 1.8, 8).astype(np.float32)
for episode in range(32):
    if episode == 9:
        GAIN[:3] = 0.0
    if episode == 16:
        HID.activation = operator.methodcaller("__mul__", GAIN2)
    if episode == 22:
        GAIN2[4:] = -1.0
    if episode == 27:
        HID.activation = operator.methodcaller("__pow__", 2)
    loss, actions = run_episode(episode)
    print(episode, repr(float(loss)), "".join(map(str, actions)),
          repr(float(HID.kernel.numpy()[0, 5])), repr(float(CRITIC.layers[-1].kernel.numpy()[0, 0])))

print(json.dumps({
    "hid": [repr(float(v)) for v in HID.kernel.numpy().ravel()[:8]],
    "out": [repr(float(v)) for v in ACTOR.layers[-1].kernel.numpy().ravel()[:6]],
    "np": int(np.random.randint(0, 10 ** 6)),
}))

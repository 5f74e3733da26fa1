"""DQN-style step co-executed: epsilon-greedy actions with np.random.choice on a
softmax of the online Q-network's output (numpy on model outputs), a Python chain
environment, the TD target from a target network under tf.stop_gradient.  Inside the
step, every SYNC frames (a Python counter) the target network gets
target.set_weights(online.get_weights()).  SYNC changes from 5 to 3 at step 12.
Probes: a model whose weights are reassigned between frames of a co-executed step,
and stop_gradient on a second model's output under the tape."""
import random

import numpy

random.seed(39)
numpy.random.seed(39)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3901)


def make():
    return keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                             keras.layers.Dense(3)])


online = make()
target = make()
target.set_weights(online.get_weights())
OPT = keras.optimizers.SGD(learning_rate=0.05)
SYNC = 5
frame = [0]


class Chain:
    def __init__(self):
        self.pos = 0

    def obs(self):
        v = np.zeros(4, np.float32)
        v[self.pos % 4] = 1.0
        v[(self.pos + 1) % 4] = 0.5
        return v

    def step(self, a):
        self.pos = max(0, min(9, self.pos + (a - 1)))
        return (1.0 if self.pos == 9 else -0.05), self.pos == 9


env = Chain()


def train_step(frames, gamma):
    losses = []
    with tf.GradientTape() as tape:
        for _ in range(frames):
            s = env.obs()
            q = online(s[None, :])
            p = tf.nn.softmax(q[0]).numpy().astype(np.float64)
            a = int(np.random.choice(3, p=p / p.sum()))
            r, done = env.step(a)
            s2 = env.obs()
            q_next = tf.stop_gradient(target(s2[None, :]))
            y = r + (0.0 if done else gamma) * tf.reduce_max(q_next)
            losses.append(tf.square(q[0, a] - y))
            frame[0] += 1
            if frame[0] % SYNC == 0:
                target.set_weights(online.get_weights())
            if done:
                env.pos = 0
        loss = tf.add_n(losses) / len(losses)
    grads = tape.gradient(loss, online.trainable_variables)
    OPT.apply_gradients(zip(grads, online.trainable_variables))
    return loss


for step in range(30):
    if step == 12:
        SYNC = 3
    loss = train_step(4, 0.9)
    print(step, repr(float(loss)), env.pos, frame[0])

print(json.dumps({
    "online": [repr(float(v)) for v in online.layers[0].kernel.numpy().ravel()[:8]],
    "target": [repr(float(v)) for v in target.layers[1].kernel.numpy().ravel()[:6]],
    "pos": env.pos, "frame": frame[0],
    "np_state": int(np.random.get_state()[2]),
}))

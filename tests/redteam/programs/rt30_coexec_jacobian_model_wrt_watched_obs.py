"""A Python environment stepped per frame (a small linear system with a crc32-based
perturbation of the state bytes, an unknown C call) and, per frame, a policy model
called on a watched observation tensor under a persistent tape; the step takes
tape.jacobian(action, obs) (a 2x3 Jacobian per frame) to build a sensitivity
penalty, and the gradient of the total loss to update the policy.  At step 12 the
policy's first Dense activation is changed to 'sigmoid'.  Probes: co-executed model
calls under a persistent tape with jacobian of a non-variable watched tensor."""
import random

import numpy

random.seed(38)
numpy.random.seed(38)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3801)
rng = np.random.default_rng(3801)
A = (np.eye(3) * 0.9 + rng.normal(size=(3, 3)) * 0.05).astype(np.float32)
B = rng.normal(size=(2, 3)).astype(np.float32) * 0.3
policy = keras.Sequential([keras.Input((3,)), keras.layers.Dense(6, activation="tanh"),
                           keras.layers.Dense(2)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


class Env:
    def __init__(self):
        self.s = np.array([1.0, -0.5, 0.25], dtype=np.float32)
        self.t = 0

    def step(self, a):
        self.t += 1
        c = zlib.crc32(self.s.tobytes()) % 7
        self.s = (A @ self.s + a @ B + 0.01 * c).astype(np.float32)
        return self.s, float(np.sum(self.s ** 2))


env = Env()


def train_step(frames):
    total = tf.constant(0.0)
    with tf.GradientTape(persistent=True) as tape:
        for _ in range(frames):
            obs = tf.constant(env.s[None, :])
            tape.watch(obs)
            act = policy(obs)
            s2, cost = env.step(act.numpy()[0])
            total = total + tf.reduce_sum(tf.square(act)) * 0.1 + cost * 0.01
        jac = tape.jacobian(act, obs)
        loss = total + 0.05 * tf.reduce_sum(tf.square(jac))
    grads = tape.gradient(loss, policy.trainable_variables)
    del tape
    OPT.apply_gradients(zip(grads, policy.trainable_variables))
    return loss, tf.reduce_sum(jac)


for step in range(30):
    if step == 12:
        policy.layers[0].activation = keras.activations.sigmoid
    if step % 10 == 0:
        env = Env()
    loss, js = train_step(3)
    print(step, repr(float(loss)), repr(float(js)), env.t)

print(json.dumps({
    "k0": [repr(float(v)) for v in policy.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in policy.layers[1].kernel.numpy().ravel()],
    "s": [repr(float(v)) for v in env.s],
}))

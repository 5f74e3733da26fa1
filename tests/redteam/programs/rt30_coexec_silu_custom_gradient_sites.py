"""Co-executed actor-critic episode (numpy sampling with np.random.choice on the
policy's softmax, a Python environment) whose networks use activation='silu'
(tf.nn.silu, which TF implements with a custom gradient) and 'swish' in a second
layer; the loss sums log-probs times returns and the critic's squared error, one tape.
At step 12 the actor's second activation becomes 'gelu'.  Probes: the gradient the
program's tape computes through co-executed sites whose ops carry a custom gradient
(eager records one op with TF's own backward function)."""
import random

import numpy

random.seed(61)
numpy.random.seed(61)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6101)
actor = keras.Sequential([keras.Input((4,)), keras.layers.Dense(12, activation="silu"),
                          keras.layers.Dense(12, activation="swish"), keras.layers.Dense(3)])
critic = keras.Sequential([keras.Input((4,)), keras.layers.Dense(12, activation="silu"),
                           keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.01)


class Env:
    def __init__(self):
        self.s = np.array([0.5, -0.5, 0.25, 0.0], np.float32)

    def step(self, a):
        self.s = np.tanh(np.roll(self.s, 1) + np.float32(0.3 * (a - 1)))
        return float(self.s[0] - abs(self.s[1]))


env = Env()


def train_step(frames):
    vs = actor.trainable_variables + critic.trainable_variables
    with tf.GradientTape() as tape:
        logps, vals, rews = [], [], []
        for _ in range(frames):
            obs = env.s[None, :].copy()
            logits = actor(obs)
            v = critic(obs)
            p = tf.nn.softmax(logits[0]).numpy().astype(np.float64)
            a = int(np.random.choice(3, p=p / p.sum()))
            rews.append(env.step(a))
            logps.append(tf.nn.log_softmax(logits[0])[a])
            vals.append(v[0, 0])
        ret = np.cumsum(np.array(rews[::-1], np.float32))[::-1]
        adv = [r - tf.stop_gradient(v) for r, v in zip(ret, vals)]
        loss = (-tf.add_n([lp * ad for lp, ad in zip(logps, adv)])
                + tf.add_n([tf.square(r - v) for r, v in zip(ret, vals)])) / frames
    grads = tape.gradient(loss, vs)
    OPT.apply_gradients(zip(grads, vs))
    return loss, tf.linalg.global_norm(grads)


for step in range(30):
    if step == 12:
        actor.layers[1].activation = keras.activations.gelu
    loss, gn = train_step(4)
    print(step, repr(float(loss)), repr(float(gn)))

print(json.dumps({
    "a0": [repr(float(v)) for v in actor.layers[0].kernel.numpy().ravel()[:8]],
    "a1": [repr(float(v)) for v in actor.layers[1].kernel.numpy().ravel()[:8]],
    "c0": [repr(float(v)) for v in critic.layers[0].kernel.numpy().ravel()[:8]],
}))

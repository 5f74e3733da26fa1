"""Per-frame weight surgery inside a co-executed step: for each of 3 frames the step
calls the model on an observation from a Python environment, then (numpy on the
output) clips the environment action, and then shrinks the first layer's kernel in
place with kernel.assign(kernel * SHRINK) before the next frame's call; the loss sums
all frames under one tape.  SHRINK changes from 0.999 to 0.99 at step 10.  Probes:
variables reassigned between two co-executed calls of the same model under a tape
(the gradient must see each frame's weights as eager does)."""
import random

import numpy

random.seed(43)
numpy.random.seed(43)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4301)
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(2)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
SHRINK = 0.999


class Env:
    def __init__(self):
        self.s = np.array([0.5, -0.3, 0.8], np.float32)

    def step(self, a):
        a = np.clip(a, -1.0, 1.0)
        self.s = (self.s * 0.9 + np.array([a[0], a[1], a[0] - a[1]], np.float32) * 0.1)
        return float((self.s ** 2).sum())


env = Env()


def train_step(frames):
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for _ in range(frames):
            out = model(env.s[None, :])
            cost = env.step(out.numpy()[0])
            loss = loss + tf.reduce_sum(tf.square(out)) * cost
            k = model.layers[0].kernel
            k.assign(k * SHRINK)
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        SHRINK = 0.99
    loss = train_step(3)
    print(step, repr(float(loss)), repr(float(env.s[0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()],
}))

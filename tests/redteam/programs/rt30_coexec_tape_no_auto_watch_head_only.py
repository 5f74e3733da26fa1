"""Co-executed actor step (numpy sampling on a Python environment) with a tape made
with watch_accessed_variables=False that watches only the head layer's kernel and
bias; the backbone's variables are read by the model call but not watched, so their
gradients are None; the step counts the None gradients (a Python list), applies
only the non-None ones.  At step 12 the program switches WATCH_BACKBONE to True
(the step then also watches the backbone kernel).  Probes: co-executed model sites
under a tape that does not watch the variables they read."""
import random

import numpy

random.seed(53)
numpy.random.seed(53)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5301)
backbone = keras.layers.Dense(8, activation="relu")
head = keras.layers.Dense(3)
model = keras.Sequential([keras.Input((4,)), backbone, head])
OPT = keras.optimizers.SGD(learning_rate=0.05)
OPT.build(model.trainable_variables)
WATCH_BACKBONE = False
nones = []


class Env:
    def __init__(self):
        self.s = np.array([0.2, 0.4, -0.3, 0.1], np.float32)

    def step(self, a):
        self.s = np.tanh(self.s * 1.1 + np.float32(0.1 * (a - 1)))
        return float(-np.square(self.s).sum())


env = Env()


def train_step(frames):
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch([head.kernel.value, head.bias.value])
        if WATCH_BACKBONE:
            tape.watch(backbone.kernel.value)
        loss = tf.constant(0.0)
        for _ in range(frames):
            logits = model(env.s[None, :])
            p = tf.nn.softmax(logits[0]).numpy().astype(np.float64)
            a = int(np.random.choice(3, p=p / p.sum()))
            r = env.step(a)
            loss = loss - tf.nn.log_softmax(logits[0])[a] * r
    vs = model.trainable_variables
    grads = tape.gradient(loss, vs)
    nones.append(sum(g is None for g in grads))
    OPT.apply_gradients([(g, v) for g, v in zip(grads, vs) if g is not None])
    return loss


for step in range(30):
    if step == 12:
        WATCH_BACKBONE = True
    loss = train_step(3)
    print(step, repr(float(loss)), nones[-1],
          repr(float(backbone.kernel.numpy()[0, 0])))

print(json.dumps({
    "bb": [repr(float(v)) for v in backbone.kernel.numpy().ravel()[:8]],
    "head": [repr(float(v)) for v in head.kernel.numpy().ravel()[:6]],
    "nones": nones,
}))

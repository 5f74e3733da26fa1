"""Gradient accumulation with accumulators the program's Trainer creates lazily inside
the step: on a call where self.acc is missing it makes one zero tf.Variable per
trainable variable (trainable=False); every call adds the gradients in
(assign_add), and every K-th call (a Python counter on the trainer) applies the
averaged accumulators and zeroes them.  At step 14 the program deletes trainer.acc
(the next call creates fresh variables inside the step) and sets K from 3 to 2.
Probes: tf.Variables the program's own code creates inside a hot step, mid-run."""
import random

import numpy

random.seed(47)
numpy.random.seed(47)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4701)
rng = np.random.default_rng(4701)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="elu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Trainer:
    def __init__(self, k):
        self.k = k
        self.n = 0
        self.made = 0

    def step(self, x, y):
        tv = model.trainable_variables
        if not hasattr(self, "acc"):
            self.acc = [tf.Variable(tf.zeros_like(v), trainable=False) for v in tv]
            self.made += 1
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        grads = tape.gradient(loss, tv)
        for a, g in zip(self.acc, grads):
            a.assign_add(g)
        self.n += 1
        if self.n % self.k == 0:
            OPT.apply_gradients([(a / self.k, v) for a, v in zip(self.acc, tv)])
            for a in self.acc:
                a.assign(tf.zeros_like(a))
        return loss


T = Trainer(3)
for step in range(30):
    if step == 14:
        del T.acc
        T.k = 2
    i = (step * 8) % 56
    loss = T.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(OPT.iterations), T.made,
          repr(float(T.acc[0].numpy()[0, 0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "acc": [repr(float(np.asarray(a).ravel()[0])) for a in T.acc],
    "n": T.n, "made": T.made, "k": T.k,
}))

"""Multi-task fine-tuning with a shared linear trunk and one bias Variable per task,
created lazily INSIDE the training step the first time a task id (a Python int
argument) is seen, and stored in a Python dict on the trainer; new tasks appear at
steps 0, 5, 13, 22 and 31.  The trunk goes through a Keras Adam optimizer, the biases
through a hand-written SGD (`assign_sub`).  The step prints when it creates a bias.
Probes: tf.Variable creation inside a hot step, the dict that holds them growing in
the step, a Python-int-keyed lookup, the variables' values and the created order."""
import random

import numpy

random.seed(71)
numpy.random.seed(71)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7122)
rng = np.random.default_rng(7122)
XS = rng.normal(size=(200, 3)).astype(np.float32)
OFFSETS = {0: 0.5, 1: -1.0, 2: 2.0, 3: 0.0, 4: -0.5}
FIRST = {0: 0, 1: 5, 2: 13, 3: 22, 4: 31}


class MultiTask:
    def __init__(self):
        self.trunk = tf.Variable(tf.zeros((3, 1)), name="trunk")
        self.biases = {}
        self.opt = keras.optimizers.Adam(learning_rate=0.05)
        self.created = []

    def step(self, task, x, y):
        if task not in self.biases:
            self.biases[task] = tf.Variable(tf.zeros((1,)), name=f"bias_{task}")
            self.created.append(task)
            print("  created bias for task", task)
        b = self.biases[task]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.trunk + b - y))
        g_trunk, g_b = tape.gradient(loss, [self.trunk, b])
        self.opt.apply_gradients([(g_trunk, self.trunk)])
        b.assign_sub(0.2 * g_b)
        return loss


M = MultiTask()
for step in range(40):
    seen = [t for t, s in FIRST.items() if s <= step]
    task = seen[step % len(seen)] if step not in FIRST.values() else max(seen)
    i = (step * 5) % 195
    x = XS[i:i + 5]
    y = (x @ np.array([[1.0], [-0.5], [0.25]], np.float32) + OFFSETS[task]).astype(np.float32)
    loss = M.step(task, tf.constant(x), tf.constant(y))
    print(step, task, repr(float(loss)), len(M.biases))

print(json.dumps({
    "created": M.created,
    "biases": {str(k): repr(float(v.numpy()[0])) for k, v in M.biases.items()},
    "names": [v.name for v in M.biases.values()],
    "trunk": [repr(float(v)) for v in M.trunk.numpy().ravel()],
}))

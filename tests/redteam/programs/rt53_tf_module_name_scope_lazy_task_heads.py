"""A Sonnet-style raw tf.Module model: a trunk and per-task heads, each an MLP module
whose `__call__` is decorated with `@tf.Module.with_name_scope` and creates its
variables lazily on the first call (from `tf.random.normal` under the global seed).
The step looks the task's head up in a dict on the model and makes it (a new module)
the first time a task appears (task "c" first comes at step 13, "d" at step 22), then
updates every variable in `model.trainable_variables` with a hand-written SGD.  The
loop prints the variables' names (name scopes), their count, and a weight.  Probes:
modules and variables made lazily inside the step on a call the loop cannot predict,
the library decorator wrapping the program's `__call__` in a name scope, and tf.Module's
attribute-walk ordering of `trainable_variables` as heads are added."""
import random

import numpy

random.seed(551)
numpy.random.seed(551)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(551)
rng = np.random.default_rng(551)
XS = rng.normal(size=(200, 4)).astype(np.float32)
TASK_W = {t: rng.normal(size=(4, 1)).astype(np.float32) for t in "abcd"}


class MLP(tf.Module):
    def __init__(self, sizes, name=None):
        super().__init__(name=name)
        self.sizes = tuple(sizes)
        self.ws = []
        self.built = False

    @tf.Module.with_name_scope
    def __call__(self, x):
        if not self.built:
            d = x.shape[-1]
            for i, s in enumerate(self.sizes):
                self.ws.append(tf.Variable(tf.random.normal((d, s)) * 0.3, name=f"w{i}"))
                d = s
            self.built = True
        for w in self.ws[:-1]:
            x = tf.nn.tanh(x @ w)
        return x @ self.ws[-1]


class MultiTask(tf.Module):
    def __init__(self):
        super().__init__(name="mt")
        with self.name_scope:
            self.trunk = MLP([8, 6], name="trunk")
        self.heads = {}

    def head(self, task):
        if task not in self.heads:
            with self.name_scope:
                self.heads[task] = MLP([4, 1], name="head_" + task)
        return self.heads[task]


M = MultiTask()
LR = 0.05


def train_step(x, y, task):
    with tf.GradientTape() as tape:
        pred = M.head(task)(tf.nn.relu(M.trunk(x)))
        loss = tf.reduce_mean(tf.square(pred - y))
    vs = M.trainable_variables
    grads = tape.gradient(loss, vs)
    for g, v in zip(grads, vs):
        if g is not None:
            v.assign_sub(LR * g)
    return loss, len(vs)


for step in range(32):
    tasks = "ab" if step < 13 else ("abc" if step < 22 else "abcd")
    task = tasks[step % len(tasks)]
    i = (step * 8) % 192
    x = XS[i:i + 8]
    loss, n = train_step(tf.constant(x), tf.constant(x @ TASK_W[task]), task)
    print(step, task, repr(float(loss)), n, repr(float(M.trunk.ws[0].numpy()[0, 0])))

print(json.dumps({"names": [v.name for v in M.trainable_variables],
                  "trunk": [repr(float(v)) for v in M.trunk.ws[0].numpy().ravel()[:6]],
                  "heads": {t: repr(float(h.ws[-1].numpy()[0, 0])) for t, h in M.heads.items()}}))

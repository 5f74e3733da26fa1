"""A raw-TF model written as a `tf.Module` whose `__call__` multiplies by every scale
variable in `self.scales` (a list attribute, which tf.Module's tracking turns into a
ListWrapper); the step differentiates with respect to `MOD.trainable_variables` (a
property that walks the module's attributes on every read) and applies a hand-written
SGD update to that list.  Mid-run the module's tracked list changes in place from the
loop: at step 8 `MOD.scales.append(tf.Variable(1.1))`, at step 15 `MOD.scales[0]` is
replaced by a new variable, at step 22 an unrelated tracked dict attribute gains a
variable (so `trainable_variables` grows while `__call__` is unchanged; its gradient is
None and the step skips it), at step 28 `del MOD.scales[-1]`.
Probes: variables reached through TF's tracking wrappers and a property computed by
walking them, changed in place between converted steps."""
import random

import numpy

random.seed(5733)
numpy.random.seed(5733)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5733)
rng = np.random.default_rng(5733)
XS = rng.normal(size=(176, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [2.0], [-1.0], [0.5]], np.float32) * 0.7).astype(np.float32)


class Scaled(tf.Module):
    def __init__(self):
        super().__init__(name="scaled")
        self.w = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3, name="w")
        self.scales = [tf.Variable(1.0, name="s0")]
        self.extra = {}

    def __call__(self, x):
        out = tf.matmul(x, self.w)
        for s in self.scales:
            out = out * s
        return out


MOD = Scaled()
LR = 0.02


def train_step(x, y):
    variables = MOD.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MOD(x) - y))
    grads = tape.gradient(loss, variables)
    updated = []
    for g, v in zip(grads, variables):
        if g is None:
            continue
        v.assign_sub(LR * g)
        updated.append(v.name)
    return loss, updated


for step in range(34):
    if step == 8:
        MOD.scales.append(tf.Variable(1.1, name="s1"))
    if step == 15:
        MOD.scales[0] = tf.Variable(0.8, name="s0b")
    if step == 22:
        MOD.extra["bias"] = tf.Variable(0.0, name="unused")
    if step == 28:
        del MOD.scales[-1]
    i = (step * 8) % 168
    loss, updated = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), updated, [repr(float(s.numpy())) for s in MOD.scales])

print(json.dumps({"w": [repr(float(v)) for v in MOD.w.numpy().ravel()],
                  "n_trainable": len(MOD.trainable_variables)}))

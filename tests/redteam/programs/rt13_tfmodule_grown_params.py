"""Weight decay over tf.Module.trainable_variables; a parameter is registered in a nested
dict of the module mid-run.

The raw-TF model is a `tf.Module` subclass.  The step decays *all* of the module's
parameters (`params = NET.trainable_variables`, decoupled L2 on each, AdamW-style) and
takes the gradient of the task loss with respect to the same list.  tf.Module's property
walks the module's attributes at every read (sorted by name, into dicts and lists) and
returns a new tuple.  At step 10 the program registers a calibration temperature in the
module's plain dict `NET.extras["temperature"] = tf.Variable(1.5)` (used by evaluation
code, not by the step's forward pass); at step 20 a second one, `NET.extras["offset"]`.
Eager's list grows, so the new variables are decayed every step (and get None
gradients, which the step replaces by zeros).  A graph that guarded the property's
result only through what the step's own code read (NET.w1, NET.w2) would never decay
them.  Probes: library properties that walk program containers at every call
(tf.Module._flatten), parameters added through a plain dict of a TF object.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1335)
rng = np.random.default_rng(1335)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 1:2]).astype(np.float32)


class Net(tf.Module):
    def __init__(self):
        super().__init__()
        self.w1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4, name="w1")
        self.w2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4, name="w2")
        self.extras = {}

    def __call__(self, x):
        return tf.nn.relu(x @ self.w1) @ self.w2


NET = Net()
LR, WD = 0.05, 0.1
COUNTS = []


def train_step(x, y):
    params = NET.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(NET(x) - y))
    grads = tape.gradient(loss, params)
    for g, v in zip(grads, params):
        if g is None:
            g = tf.zeros_like(v)
        v.assign_sub(LR * (g + WD * v))
    COUNTS.append(len(params))
    return loss


for step in range(30):
    if step == 10:
        NET.extras["temperature"] = tf.Variable(1.5, name="temperature")
    if step == 20:
        NET.extras["offset"] = tf.Variable(-0.7, name="offset")
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), COUNTS[-1])

print(json.dumps({
    "extras": {k: repr(float(v.numpy())) for k, v in sorted(NET.extras.items())},
    "w2": [repr(float(v)) for v in NET.w2.numpy().ravel()],
}))

"""The step replaces the trainer's context record (`trainer.context = Context(...)`,
a fresh plain object each call) holding the program's current resource.  The
resource's class has a __del__ that decays a variable the rest of the step reads, and
prints.  Twice the loop replaces the resource in RESOURCES that the old record holds,
so replacing the record drops the resource's last reference, through the record: eager
runs the __del__ at the attribute write, before the step reads the variable."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(65)
rng = np.random.default_rng(65)
XS = rng.normal(size=(24, 8, 3)).astype(np.float32)
YS = rng.normal(size=(24, 8, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
TEMP = tf.Variable(1.0)


class Resource:
    def __init__(self, n):
        self.n = n

    def __del__(self):
        TEMP.assign(TEMP * 0.9)
        print("  resource", self.n, "closed")


class Context:
    def __init__(self, resources):
        self.resources = resources


class Trainer:
    context = None


RESOURCES = [Resource(0), Resource(1)]
trainer = Trainer()


def train_step(x, y, k):
    trainer.context = Context([RESOURCES[k]])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W / TEMP - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for step in range(24):
    k = step % 2
    if step in (7, 15):
        RESOURCES[1 - k] = Resource(100 + step)
    loss = train_step(XS[step], YS[step], k)
    print(step, round(float(loss), 6), round(float(TEMP.numpy()), 6))

print(json.dumps({"w": W.numpy().ravel().tolist(), "temp": float(TEMP.numpy()),
                  "held": [r.n for r in trainer.context.resources]}))

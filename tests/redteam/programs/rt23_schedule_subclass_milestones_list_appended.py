"""A LearningRateSchedule subclass of the program's keeps its milestones in a plain list
attribute (self.milestones) and its per-stage factor in a dict attribute
(self.factors).  The optimizer (library code) calls schedule(iterations) inside
apply_gradients at every step; __call__ counts how many milestones are <= the step with a
Python loop over self.milestones (tensor comparisons summed), and multiplies by
self.factors.get("warm", 1.0).

The loop never rebinds the attributes: at step 9 it appends a milestone (the rate drops
earlier than planned), at step 17 it inserts one at the front, at step 25 it adds a
"warm" factor to the dict in place, at step 31 it removes the "warm" key.  Eager's
schedule sees every edit at the next step; a graph that kept the list's length or the
dict's keys as they were when it was built keeps the old rate.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(53)
np.random.seed(53)
keras.utils.set_random_seed(53)

rng = np.random.default_rng(53)
X = tf.constant(rng.normal(size=(64, 5)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))


class StepDrops(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, base):
        self.base = base
        self.milestones = [20, 28]
        self.factors = {"drop": 0.5}

    def __call__(self, step):
        step = tf.cast(step, tf.float32)
        drops = tf.constant(0.0)
        for m in self.milestones:
            drops = drops + tf.cast(step >= m, tf.float32)
        lr = self.base * tf.pow(self.factors["drop"], drops)
        return lr * self.factors.get("warm", 1.0)

    def get_config(self):
        return {"base": self.base}


SCHED = StepDrops(0.1)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=SCHED)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(36):
    if step == 9:
        SCHED.milestones.append(12)
    if step == 17:
        SCHED.milestones.insert(0, 5)
    if step == 25:
        SCHED.factors["warm"] = 3.0
    if step == 31:
        del SCHED.factors["warm"]
    i = (step * 8) % 56
    loss = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), repr(float(opt.learning_rate)), SCHED.milestones,
          sorted(SCHED.factors))

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()[:6]] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "milestones": SCHED.milestones,
    "factors": SCHED.factors,
}))

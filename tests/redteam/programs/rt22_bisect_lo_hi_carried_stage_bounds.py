"""Probes bisect with lo/hi arguments that the graph carries.  A milestone schedule
finds its stage with `bisect.bisect_right(MILESTONES, self.step, self.stage, HI)`:
x is the step counter (a Python int the graph carries), lo is the stage found at the
previous call (carried too: the search resumes where it stopped), hi a global.  In
CPython, lo larger than the true position returns lo itself (bisect never looks left of
lo), so when the loop inserts an earlier milestone mid-run (step 12: MILESTONES gains 5,
shifting later entries right) the stage does not go back, and when it lowers HI (step 24)
the stage is capped.  At step 30 the loop resets `tr.stage = 0`.  A host bisect that
dropped lo/hi, or a graph that kept the list's old contents, would pick other rates from
RATES and print other stages."""
import bisect
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2204)
np.random.seed(2204)
keras.utils.set_random_seed(2204)
rng = np.random.default_rng(2204)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) ** 2 * 0.1).astype(np.float32)
MILESTONES = [4, 9, 15, 22, 28]
RATES = [0.05, 0.04, 0.03, 0.02, 0.01, 0.005, 0.0025]
HI = 5


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(10, activation="relu"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.step = 0
        self.stage = 0

    def train_step(self, x, y):
        stage = bisect.bisect_right(MILESTONES, self.step, self.stage, HI)
        lr = RATES[stage]
        self.opt.learning_rate.assign(lr)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        self.step += 1
        self.stage = stage
        return loss, lr


tr = Trainer()
for step in range(36):
    if step == 12:
        bisect.insort(MILESTONES, 5)
    if step == 24:
        HI = 4
    if step == 30:
        tr.stage = 0
    i = (step * 16) % 80
    loss, lr = tr.train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), tr.step, tr.stage, repr(lr))

print(json.dumps({
    "weights": [repr(float(v)) for w in tr.model.get_weights() for v in w.ravel()[:6]],
    "iterations": int(tr.opt.iterations.numpy()),
    "step": tr.step, "stage": tr.stage, "milestones": MILESTONES,
}))

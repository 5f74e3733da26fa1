"""Probes a ReduceLROnPlateau written in the step with Python numbers decided by
branches on the loss: `if loss < self.best - MIN_DELTA: self.best = loss; self.wait = 0
else: self.wait += 1; if self.wait >= PATIENCE and self.cooldown == 0: self.lr *= 0.5;
self.cooldown = 2; self.wait = 0` plus a cooldown countdown.  The branches go both ways
over the run, so they become (nested) tf.conds whose arms write different subsets of
four attributes (best: a float from the graph, wait/cooldown: ints, lr: a float halved
in the inner arm), and the next call reads what they merged.  The loop changes PATIENCE
at step 14 and MIN_DELTA at step 25, and resets best at step 20.  A graph that merged
an attribute only one arm writes incorrectly, or typed an int as a float, would print
other lr/wait/cooldown values and train with other rates."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2233)
np.random.seed(2233)
keras.utils.set_random_seed(2233)
rng = np.random.default_rng(2233)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] * 1.5 + 0.5 * rng.normal(size=(96, 1))).astype(np.float32)
PATIENCE = 2
MIN_DELTA = 0.0


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.best = float("inf")
        self.wait = 0
        self.cooldown = 0
        self.lr = 0.05

    def train_step(self, x, y):
        self.opt.learning_rate.assign(self.lr)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        cur = float(loss)
        if self.cooldown > 0:
            self.cooldown -= 1
        if cur < self.best - MIN_DELTA:
            self.best = cur
            self.wait = 0
        else:
            self.wait += 1
            if self.wait >= PATIENCE and self.cooldown == 0:
                self.lr = self.lr * 0.5
                self.cooldown = 2
                self.wait = 0
        return loss


tr = Trainer()
for step in range(40):
    if step == 14:
        PATIENCE = 1
    if step == 20:
        tr.best = float("inf")
    if step == 25:
        MIN_DELTA = 0.05
    i = (step * 12) % 84
    loss = tr.train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), repr(tr.best), tr.wait, tr.cooldown, repr(tr.lr),
          type(tr.wait).__name__, type(tr.cooldown).__name__)

print(json.dumps({
    "weights": [repr(float(v)) for w in tr.model.get_weights() for v in w.ravel()[:8]],
    "iterations": int(tr.opt.iterations.numpy()),
    "best": repr(tr.best), "wait": tr.wait, "cooldown": tr.cooldown, "lr": repr(tr.lr),
}))

"""Running values kept by augmented assignment in a trainer's step: `self.steps += 1`,
`self.total += float(loss)`, `self.ema *= self.decay; self.ema += (1 - self.decay) * v`,
`self.best_hist += [min(self.best_hist[-1], v)]` (the float object min() keeps), and
`self.ema_hist += [self.ema]`.  The loop reads them back and changes their TYPES between
steps: `total` reset to int 0 at step 10 (int + float), `steps` to True at step 14
(bool += 1 -> int 2), `ema` to a numpy float32 at step 18 and to a 0-d float64 ndarray
at step 24 (whose `*=` is in place: the loop holds it and sees it change), `decay` to a
Python int 1 at step 27.  It prints identity of best_hist items (min keeps the
caller's object).  Probes: number types and identities flowing through `+=`/`*=`."""
import random

import numpy

random.seed(4816)
numpy.random.seed(4816)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4816)
rng = np.random.default_rng(4816)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.cos(XS[:, :1]) + XS[:, 3:] * 0.2).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.steps = 0
        self.total = 0.0
        self.ema = 0.0
        self.decay = 0.9
        self.best_hist = [1e9]
        self.ema_hist = []

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        self.steps += 1
        self.total += v
        self.ema *= self.decay
        self.ema += (1 - self.decay) * v
        self.best_hist += [min(self.best_hist[-1], v)]
        self.ema_hist += [self.ema]
        return loss


tr = Trainer()
held_ema = None
for step in range(30):
    if step == 10:
        tr.total = 0
    if step == 14:
        tr.steps = True
    if step == 18:
        tr.ema = np.float32(tr.ema)
    if step == 24:
        tr.ema = np.array(float(tr.ema))
        held_ema = tr.ema
    if step == 27:
        tr.decay = 1
    i = (step * 8) % 56
    loss = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    same_best = tr.best_hist[-1] is tr.best_hist[-2]
    print(step, repr(float(loss)), type(tr.steps).__name__, tr.steps, type(tr.total).__name__, repr(tr.total),
          type(tr.ema).__name__, repr(float(tr.ema)), same_best, repr(tr.best_hist[-1]),
          held_ema is tr.ema if held_ema is not None else None,
          repr(float(held_ema)) if held_ema is not None else None, type(tr.ema_hist[-1]).__name__)
    if len(tr.ema_hist) > 5:
        tr.ema_hist = tr.ema_hist[-3:]

print(json.dumps({"steps": tr.steps, "total": repr(tr.total), "ema": repr(float(tr.ema)),
                  "best": [repr(v) for v in tr.best_hist[-4:]],
                  "ema_hist": [repr(float(v)) for v in tr.ema_hist],
                  "ema_hist_types": [type(v).__name__ for v in tr.ema_hist],
                  "ema_hist_same": [v is tr.ema for v in tr.ema_hist],
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))

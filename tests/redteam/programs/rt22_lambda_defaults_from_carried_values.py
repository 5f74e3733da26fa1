"""Probes functions the step makes whose default values are Python numbers the graph
carries or computes: `decay = lambda t, k=self.step: t * 0.97 ** k` (k bound when the
lambda is made, from a counter the step increments), `def shaped(t, *, c=float(prev)):`
(a keyword-only default from the previous loss, carried in self.prev), and a lambda made
in a comprehension with `s=s` defaults over a program list the loop edits.  Each call
makes the functions anew, so each call's defaults are that call's values; CPython keeps
them in __defaults__/__kwdefaults__ of the new function object.  The step also changes
self.step *after* making the lambda and before calling it (the default must keep the
old value).  The loop edits SCALES at step 13 and rewinds the counter at step 22.  A
graph that bound the defaults from the function object it saw at build time would
freeze the first call's numbers."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2218)
np.random.seed(2218)
keras.utils.set_random_seed(2218)
rng = np.random.default_rng(2218)

XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 1:2]).astype(np.float32)
SCALES = [1.0, 0.5]


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.Adam(learning_rate=0.02)
        self.step = 0
        self.prev = 1.0

    def train_step(self, x, y):
        decay = lambda t, k=self.step: t * 0.97 ** k

        def shaped(t, *, c=self.prev):
            return t / (1.0 + c)

        heads = [lambda t, s=s: t * s for s in SCALES]
        self.step += 5
        with tf.GradientTape() as tape:
            pred = self.model(x)
            mse = tf.reduce_mean(tf.square(pred - y))
            extra = sum(h(tf.reduce_mean(tf.abs(pred))) for h in heads)
            loss = decay(mse) + shaped(extra) * 0.1
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        self.prev = float(mse)
        return loss, decay(1.0), shaped(1.0)


tr = Trainer()
for step in range(34):
    if step == 13:
        SCALES.append(0.25)
        SCALES[0] = 2.0
    if step == 22:
        tr.step = 1
    i = (step * 8) % 64
    loss, k, c = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), k, repr(c), tr.step)

print(json.dumps({
    "weights": [repr(float(v)) for w in tr.model.get_weights() for v in w.ravel()[:8]],
    "iterations": int(tr.opt.iterations.numpy()),
    "step": tr.step, "prev": repr(tr.prev),
}))

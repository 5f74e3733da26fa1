"""Probes hash() of Python numbers the graph carries.  CPython's hash of an int is the
int itself, except that hash(-1) is -2 (-1 is the C error value), and ints beyond
2**61-1 are reduced modulo 2**61-1; hash(x) of a float equal to an int is that int's
hash (hash(-1.0) == -2 too), and of 0.5 it is 2**60.  The step picks a feature-mask
bucket with `hash(self.offset) % 5` and `hash(self.phase) % 3`, where `offset` is an int
the step decrements (it passes -1 at the 4th call and keeps going negative) and `phase`
a float it carries (stepping by 0.5 through -1.0).  At step 18 the loop jumps offset
near 2**61 to exercise the modular reduction.  A graph that hashed ints as themselves,
or floats by their bits, would pick other buckets and train other weights."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2211)
np.random.seed(2211)
keras.utils.set_random_seed(2211)
rng = np.random.default_rng(2211)

XS = rng.normal(size=(70, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 4:5] + 0.5 * XS[:, 2:3]).astype(np.float32)
MASKS = [np.eye(5, dtype=np.float32)[j] + 0.2 for j in range(5)]
SCALES = [1.0, 0.5, 2.0]


class Trainer:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
        self.opt = keras.optimizers.Adam(learning_rate=0.05)
        self.offset = 2
        self.phase = 0.5

    def train_step(self, x, y):
        hb = hash(self.offset) % 5
        hp = hash(self.phase) % 3
        mask = tf.constant(np.stack(MASKS))[hb]
        scale = tf.constant(SCALES)[hp]
        with tf.GradientTape() as tape:
            pred = (x * mask) @ self.w * scale
            loss = tf.reduce_mean(tf.square(pred - y))
        grads = tape.gradient(loss, [self.w])
        self.opt.apply_gradients(zip(grads, [self.w]))
        self.offset -= 1
        self.phase -= 0.5
        return loss, hb, hp


tr = Trainer()
for step in range(34):
    if step == 18:
        tr.offset = 2 ** 61 + 1
    i = (step * 10) % 60
    loss, hb, hp = tr.train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), hb, hp, tr.offset, repr(tr.phase))

print(json.dumps({
    "w": [repr(float(v)) for v in tr.w.numpy().ravel()],
    "iterations": int(tr.opt.iterations.numpy()),
    "offset": tr.offset, "phase": repr(tr.phase),
}))

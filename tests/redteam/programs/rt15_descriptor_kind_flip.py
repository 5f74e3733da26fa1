"""Probe: data vs non-data descriptor precedence, and a descriptor class that changes
kind mid-run.

`Trainer.gain` is an instance of the program's descriptor class Knob, which at first
defines only __get__ (a non-data descriptor): the instance's own __dict__['gain'] (set
directly through __dict__) wins, so eager's `self.gain` is 0.25. At step 10 the loop adds
a `__set__` method to the Knob class itself: Knob becomes a data descriptor and now
beats the instance dict, so `self.gain` is the descriptor's value (from a global table
indexed by a counter the descriptor's __get__ bumps). At step 20, `del Knob.__set__`
flips it back: the instance dict wins again. Neither the instance dict, the class dict,
nor the descriptor object changes identity at the flips; only the descriptor's class
gains or loses a method. A read that consults the instance dict first, or guards only on
the descriptor's identity, keeps the old answer. Mechanism: descriptor protocol kind
(data vs non-data) as a function of the descriptor's type, changed at run time."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1505)
rng = np.random.default_rng(1505)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.sin(XS[:, :1] + XS[:, 1:2]).astype(np.float32)

GAINS = [0.9, 1.1, 1.3]
READS = [0]


class Knob:
    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        READS[0] += 1
        return GAINS[READS[0] % 3]


def knob_set(self, obj, value):
    raise AttributeError("read-only knob")


class Trainer:
    gain = Knob()

    def __init__(self):
        self.__dict__["gain"] = 0.25
        self.w = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
        self.opt = keras.optimizers.SGD(learning_rate=0.05)

    def step(self, x, y):
        g = self.gain
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.tanh(x @ self.w) * g - y))
        grads = tape.gradient(loss, [self.w])
        self.opt.apply_gradients(zip(grads, [self.w]))
        return loss, g


tr = Trainer()
gains = []
for step in range(30):
    if step == 10:
        Knob.__set__ = knob_set
    if step == 20:
        del Knob.__set__
    i = (step * 8) % 56
    loss, g = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    gains.append(g)
    print(step, round(float(loss), 6), "gain", g, "reads", READS[0])

print(json.dumps({"gains": gains, "reads": READS[0],
                  "w": [round(float(v), 6) for v in tr.w.numpy().ravel()],
                  "iterations": int(tr.opt.iterations.numpy())}))

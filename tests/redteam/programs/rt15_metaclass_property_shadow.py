"""Probe: attribute precedence through a metaclass.

`Sched.lr` is read in the step. Sched's own class dict holds `lr = 0.5` (a decoy), but
its metaclass defines `lr` as a property (a data descriptor on type(Sched)), and CPython's
type.__getattribute__ gives a data descriptor of the metaclass precedence over the
class's own dict: eager reads the property, which looks up a schedule table by the
class's `phase` attribute. The loop changes `Sched.phase` at steps 8 and 18 (a plain
class-attribute write) and, at step 26, deletes the metaclass property, after which the
decoy 0.5 becomes visible. A static lookup that reads the class dict / MRO first gets the
decoy from the start; one that folds the property's value misses the phase changes.
Also read: `Sched.warm` which only the metaclass defines (a non-data attribute of the
metaclass, visible on the class but not on instances). Mechanism: metaclass data
descriptors vs. the class dict in static attribute reads."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1504)
rng = np.random.default_rng(1504)
XS = rng.normal(size=(72, 3)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))

TABLE = {"warmup": 0.02, "main": 0.1, "cool": 0.01}


class Meta(type):
    warm = 3

    @property
    def lr(cls):
        return TABLE[cls.phase]


class Sched(metaclass=Meta):
    lr = 0.5
    phase = "warmup"


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    lr = Sched.lr
    W.assign_sub(lr * g)
    return loss, lr, Sched.warm


for step in range(32):
    if step == 8:
        Sched.phase = "main"
    if step == 18:
        Sched.phase = "cool"
    if step == 26:
        del Meta.lr
    i = (step * 8) % 64
    loss, lr, warm = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(loss), 6), "lr", lr, type(lr).__name__, "warm", warm)

print(json.dumps({"W": [round(float(v), 6) for v in W.numpy().ravel()],
                  "lr_now": Sched.lr, "phase": Sched.phase}))

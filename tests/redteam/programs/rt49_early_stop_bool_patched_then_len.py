"""An early-stopping monitor consulted with truth tests in the step: `if not monitor:`
gates the update, `monitor and monitor.patience` short-circuits on the object's truth,
and `keep = monitor or FALLBACK` returns one of two objects (identity printed with `is`).
`__bool__` logs and reads a `stopped` flag that the step itself sets (through the
monitor's `observe` method) when the loss stops improving.  Between steps the loop
replaces `__bool__` on the class with a logging lambda, later deletes it so truth falls
back to a logging `__len__`, and then gives the instance a different class.
Probes: `__bool__`/`__len__` calls made by `not`, `and`, `or` and `if` (each exactly
once per test), with the class's truth method changed mid-run, in a converted step."""
import random

import numpy

random.seed(4919)
numpy.random.seed(4919)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4919)
rng = np.random.default_rng(4919)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :2].prod(axis=1, keepdims=True)).astype(np.float32)

LOG = []


class Monitor:
    def __init__(self, patience):
        self.patience = patience
        self.best = float("inf")
        self.wait = 0
        self.stopped = False

    def __bool__(self):
        LOG.append(("bool", self.stopped))
        return self.stopped

    def __len__(self):
        LOG.append(("len", self.wait))
        return self.wait

    def observe(self, value):
        if value < self.best:
            self.best = value
            self.wait = 0
        else:
            self.wait += 1
            if self.wait >= self.patience:
                self.stopped = True


class QuietMonitor(Monitor):
    def __bool__(self):
        LOG.append(("quiet_bool",))
        return False


MON = Monitor(2)
FALLBACK = Monitor(99)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.08)


def train_step(x, y, monitor):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    if not monitor:
        OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    pat = monitor and monitor.patience
    keep = monitor or FALLBACK
    monitor.observe(float(loss))
    return loss, pat, keep is monitor


for step in range(32):
    if step == 8:
        MON.stopped = False
        MON.wait = 0
        Monitor.__bool__ = lambda self: LOG.append(("lam_bool", self.wait)) is None and self.wait > 1
    if step == 15:
        del Monitor.__bool__
    if step == 21:
        MON.__class__ = QuietMonitor
    if step == 26:
        MON.__class__ = Monitor
        MON.wait = 0
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, pat, kept = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), MON)
    pat_s = pat if isinstance(pat, int) else type(pat).__name__ + ("(MON)" if pat is MON else "")
    print(step, repr(float(loss)), pat_s, kept, MON.wait, MON.stopped, LOG[n0:])

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
                  "iters": int(OPT.iterations.numpy()), "best": repr(MON.best)}))

"""A step looks up a per-task loss weight in a dict that lacks some tasks; the
KeyError is caught, the exception object is kept on the trainer (`self.last_err =
e`) and re-raised as a custom TaskError `from e` on every fifth missing lookup, which
the loop catches.  The loop prints the stored exception's type, args and identity
across steps, and the caught TaskError's `__cause__` / `__context__`.  Probes:
exception objects made inside a converted step that outlive it (stored, chained,
raised to the loop)."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4136)
rng = np.random.default_rng(4136)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
TASK_W = {"a": 1.0, "b": 0.5}


class TaskError(Exception):
    pass


class Trainer:
    def __init__(self):
        self.last_err = None
        self.misses = 0

    def train_step(self, x, y, task):
        try:
            tw = TASK_W[task]
        except KeyError as e:
            self.last_err = e
            self.misses += 1
            tw = 0.1
            if self.misses % 5 == 0:
                raise TaskError("too many missing tasks") from e
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y)) * tw
        g = tape.gradient(loss, W)
        OPT.apply_gradients([(g, W)])
        return loss


TR = Trainer()
prev = None
for step in range(40):
    task = "abc"[step % 3] if step < 30 else "d"
    i = (step * 8) % 56
    try:
        loss = TR.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), task)
        out = repr(float(loss))
    except TaskError as te:
        out = f"TaskError {te} cause={type(te.__cause__).__name__}{te.__cause__.args} ctx_is_cause={te.__context__ is te.__cause__}"
    err = TR.last_err
    print(step, task, out, type(err).__name__, err.args if err else None, err is prev, TR.misses)
    prev = err

print("W", [repr(float(v)) for v in W.numpy().ravel()])

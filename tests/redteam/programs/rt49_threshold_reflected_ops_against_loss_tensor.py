"""A clipping `Threshold` object meeting the loss tensor in operators: it defines logging
`__gt__`, `__lt__`, `__rmul__`, `__float__` and an `__eq__` that returns NotImplemented.
In the step, `thr > loss` calls `Threshold.__gt__` with the eager tensor (which calls
`float()` on it), `float(loss) < thr` goes float-first and ends in the reflected
`Threshold.__gt__`, `loss * thr` makes TF's operator fail to convert the object and fall
back to `Threshold.__rmul__`, and `loss == thr` raises TF's ValueError (the step catches
it and logs only the exception type).  The step uses the answers to scale and gate the
update.  The loop changes the threshold between steps and replaces `__rmul__` on the
class.  Probes: Python's reflected-operator dispatch between eager tensors and a program
object (which side runs, with which argument type), inside a converted step."""
import random

import numpy

random.seed(4928)
numpy.random.seed(4928)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4928)
rng = np.random.default_rng(4928)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) * 0.7).astype(np.float32)

LOG = []


class Threshold:
    def __init__(self, v):
        self.v = v

    def __gt__(self, other):
        LOG.append(("gt", type(other).__name__))
        if isinstance(other, Threshold):
            return NotImplemented
        return self.v > float(other)

    def __lt__(self, other):
        LOG.append(("lt", type(other).__name__))
        return self.v < float(other)

    def __eq__(self, other):
        LOG.append(("eq", type(other).__name__))
        return NotImplemented

    __hash__ = None

    def __rmul__(self, other):
        LOG.append(("rmul", type(other).__name__))
        return other * self.v

    def __float__(self):
        LOG.append("float")
        return self.v


THR = Threshold(1.0)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, thr):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        scaled = loss * thr
    grads = tape.gradient(scaled, MODEL.trainable_variables)
    below = thr > loss
    above = float(loss) < thr
    try:
        eq = loss == thr
        eq_s = "value"
    except ValueError as e:
        eq_s = type(e).__name__
    if below:
        OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    else:
        OPT.apply_gradients(zip([g * 0.5 for g in grads], MODEL.trainable_variables))
    return loss, scaled, below, above, eq_s


for step in range(30):
    if step == 6:
        THR.v = 0.5
    if step == 11:
        THR.v = 2.0
    if step == 15:
        def rmul_sq(self, other):
            LOG.append(("rmul_sq", type(other).__name__))
            return other * (self.v * self.v)
        Threshold.__rmul__ = rmul_sq
    if step == 20:
        THR.v = 0.25
    if step == 25:
        THR = Threshold(0.8)
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, scaled, below, above, eq_s = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), THR)
    print(step, repr(float(loss)), repr(float(scaled)), below, above, eq_s, LOG[n0:])

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
                  "log_len": len(LOG)}))

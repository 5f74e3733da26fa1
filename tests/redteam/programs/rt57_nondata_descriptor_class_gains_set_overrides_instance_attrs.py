"""A raw-variable logistic model whose step reads two hyperparameters from a program
object `HP`: `HP.smooth` (label smoothing) and `HP.clip` (gradient clip value).  Both
are declared on the class as a non-data descriptor `Derived` (only `__get__`, which
computes `obj.base * factor`); `HP.smooth` also has an instance-dict entry, which wins
over a non-data descriptor, so eagerly the step first sees the instance's 0.05.
Mid-run the descriptor's own class changes: at step 9 `Derived.__set__` is added,
making it a data descriptor that now takes precedence over the instance dict
(`HP.smooth` becomes base*0.5) without any write to HP's dict or to `Hparams`; at step
17 `HP.base` changes (an instance write the descriptor reads); at step 25
`del Derived.__set__` and the instance's 0.05 shows again.
Probes: the data/non-data status of a descriptor changed by writing its type's dict,
which decides whether an instance attribute read by the step is found at all."""
import random

import numpy

random.seed(5706)
numpy.random.seed(5706)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5706)
rng = np.random.default_rng(5706)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5], [0.0]], np.float32) > 0).astype(np.float32)


class Derived:
    def __init__(self, factor):
        self.factor = factor

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return obj.base * self.factor


def _store(self, obj, value):
    obj.__dict__[self.name] = value


class Hparams:
    smooth = Derived(0.5)
    clip = Derived(4.0)

    def __init__(self):
        self.base = 0.4
        self.smooth = 0.05


HP = Hparams()
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1, name="w")
B = tf.Variable([0.0], name="b")


def train_step(x, y):
    smooth = HP.smooth
    y_s = y * (1.0 - smooth) + 0.5 * smooth
    with tf.GradientTape() as tape:
        logits = tf.matmul(x, W) + B
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y_s, logits=logits))
    gw, gb = tape.gradient(loss, [W, B])
    c = HP.clip
    W.assign_sub(0.5 * tf.clip_by_value(gw, -c, c))
    B.assign_sub(0.5 * tf.clip_by_value(gb, -c, c))
    return loss, smooth, c


for step in range(32):
    if step == 9:
        Derived.__set__ = _store
    if step == 17:
        HP.base = 0.02
    if step == 25:
        del Derived.__set__
    i = (step * 12) % 192
    loss, smooth, c = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), repr(smooth), repr(c), repr(float(W.numpy()[0, 0])))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()],
                  "b": repr(float(B.numpy()[0])), "inst": sorted(vars(HP))}))

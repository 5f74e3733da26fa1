"""A Sequential classifier whose step adds a regularizer only when
`isinstance(REG, HasPenalty)`: `HasPenalty` is an ABC whose `__subclasshook__` answers
True for classes that define `penalty` (as collections.abc does for `__len__`).  The
first call caches a negative answer for `Reg`.  Mid-run: at step 6 `Reg.penalty` is
defined (eagerly the negative cache still answers False: no registration moved abc's
cache token), at step 12 `HasPenalty._abc_caches_clear()` empties the caches without
moving the token (eagerly now True: the hook runs again), at step 19 `REG.coef`
changes, at step 26 `del Reg.penalty` plus another `_abc_caches_clear()` (False
again), at step 30 `Reg.penalty` is defined once more (still False eagerly, the
negative answer was cached at step 26).
Probes: isinstance against an ABC whose answer depends on abc's per-class caches and
a program `__subclasshook__`, not only on the registration token."""
import random

import numpy

random.seed(5709)
numpy.random.seed(5709)

import abc
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5709)
rng = np.random.default_rng(5709)
XS = rng.normal(size=(200, 6)).astype(np.float32)
YS = (XS[:, 0] * XS[:, 1] > 0).astype(np.int32)


class HasPenalty(abc.ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is HasPenalty:
            if any("penalty" in B.__dict__ for B in C.__mro__):
                return True
        return NotImplemented


class Reg:
    def __init__(self, coef):
        self.coef = coef


def penalty(self, w):
    return self.coef * tf.reduce_sum(tf.square(w))


REG = Reg(0.02)
MODEL = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(10, activation="relu"),
    keras.layers.Dense(2),
])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x, training=True))
        use = isinstance(REG, HasPenalty)
        if use:
            loss = loss + REG.penalty(MODEL.layers[0].kernel)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, use


for step in range(34):
    if step == 6:
        Reg.penalty = penalty
    if step == 12:
        HasPenalty._abc_caches_clear()
    if step == 19:
        REG.coef = 0.2
    if step == 26:
        del Reg.penalty
        HasPenalty._abc_caches_clear()
    if step == 30:
        Reg.penalty = penalty
    i = (step * 10) % 190
    loss, use = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), use, repr(float(MODEL.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:10]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:10]],
    "final_check": isinstance(REG, HasPenalty),
}))

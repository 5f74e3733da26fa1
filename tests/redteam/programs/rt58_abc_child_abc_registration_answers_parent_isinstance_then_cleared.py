"""Plain tf.Variable logistic regression whose step asks `isinstance(CFG, Stage)`
(Stage a program ABC) to choose a frozen-bias update.  CFG's class is never registered
with Stage itself: at step 7 it is registered with `Frozen`, an ABC subclass of Stage
(Stage's check finds it through its subclasses and caches it); at step 14 Frozen's
registry and caches are cleared, which leaves Stage's positive cache holding the class
(eager still answers True); at step 21 Stage's caches are cleared too (now False,
without any token move); at step 27 it is registered with Frozen again.
Probes: the abc answer for a parent ABC that comes from a child ABC's registry and from
the parent's own caches, changed by cache and registry clears that move no token."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import abc
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5817)
rng = np.random.default_rng(5817)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = ((XS[:, :1] - XS[:, 2:3]) > 0.2).astype(np.float32)

W = tf.Variable(tf.zeros((4, 1)))
B = tf.Variable(tf.zeros((1,)))


class Stage(abc.ABC):
    pass


class Frozen(Stage):
    pass


class Cfg:
    lr = 0.5


CFG = Cfg()


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = x @ W + B
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(CFG.lr * gw)
    frozen = isinstance(CFG, Stage)
    if not frozen:
        B.assign_sub(CFG.lr * gb)
    return loss, frozen


for step in range(32):
    if step == 7:
        Frozen.register(Cfg)
    if step == 14:
        Frozen._abc_registry_clear()
        Frozen._abc_caches_clear()
    if step == 21:
        Stage._abc_caches_clear()
    if step == 27:
        Frozen.register(Cfg)
    i = (step * 8) % 120
    loss, frozen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), frozen, repr(float(B.numpy()[0])))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "b": repr(float(B.numpy()[0]))}))

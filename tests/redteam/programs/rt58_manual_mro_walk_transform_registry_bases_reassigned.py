"""Plain tf.Variable regression whose step picks a gradient transform per parameter
group by walking `type(group).__mro__` itself and taking the first class found in a
registry dict (the way plugin dispatch tables are written).  Mid-run a group class's
`__bases__` is reassigned so the walk finds another registered class (step 8), the
registry gets an entry for the group class itself (step 15), that entry is removed
(step 21), and the bases are reassigned back (step 27).
Probes: `type(x).__mro__` read in the step (a type's C getter) and class objects used as
dict keys, when the MRO tuple changes without any dict write."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5823)
rng = np.random.default_rng(5823)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS @ np.array([[0.3], [-0.8], [1.2], [0.0]], np.float32) + 0.5).astype(np.float32)

W = tf.Variable(tf.zeros((4, 1)))
B = tf.Variable(tf.zeros((1,)))


class Group:
    pass


class Clipped(Group):
    pass


class Damped(Group):
    pass


class WeightGroup(Clipped):
    def __init__(self, var):
        self.var = var


class BiasGroup(Group):
    def __init__(self, var):
        self.var = var


def clip_t(g):
    return tf.clip_by_value(g, -0.1, 0.1)


def damp_t(g):
    return g * 0.3


def ident_t(g):
    return g


def sign_t(g):
    return tf.sign(g) * 0.05


REGISTRY = {Clipped: clip_t, Damped: damp_t, Group: ident_t}
GROUPS = [WeightGroup(W), BiasGroup(B)]


def transform_for(group):
    for klass in type(group).__mro__:
        if klass in REGISTRY:
            return REGISTRY[klass], klass.__name__
    return ident_t, "none"


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [g.var for g in GROUPS])
    names = []
    for group, g in zip(GROUPS, grads):
        fn, name = transform_for(group)
        names.append(name)
        group.var.assign_sub(0.2 * fn(g))
    return loss, names


for step in range(32):
    if step == 8:
        WeightGroup.__bases__ = (Damped,)
    if step == 15:
        REGISTRY[WeightGroup] = sign_t
    if step == 21:
        del REGISTRY[WeightGroup]
    if step == 27:
        WeightGroup.__bases__ = (Clipped,)
    i = (step * 8) % 120
    loss, names = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), names)

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "b": repr(float(B.numpy()[0]))}))

"""A model whose outputs pass, inside the training step, through a registry of
post-processing hooks kept in a program *set*: `for hook in sorted(HOOKS,
key=RANK)` with `RANK = operator.attrgetter("rank")`, each hook a callable object
(`hook(pred)`).  The set holds objects that hash by identity; the step's result
depends on their classes' `__call__`.  Mid-run the loop reassigns the `__class__`
of one hook already in the set (step 9: a ScaleHook becomes a ShiftHook), changes a
hook's rank so the order changes (step 15), adds a hook and discards another (step
21: same size), and reassigns a class again (step 27: ShiftHook -> ClampHook).
Probes: the program's own sets read in the step (items guarded in order with the
set's table) when an item keeps its identity and place but changes class: the
2026-12-01 item-class pinning was made for lists and tuples."""
import random

import numpy

random.seed(6014)
numpy.random.seed(6014)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6014)
rng = np.random.default_rng(6014)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] * 0.5 + 0.2).astype(np.float32)


class ScaleHook:
    def __init__(self, rank, v):
        self.rank = rank
        self.v = v

    def __call__(self, pred):
        return pred * self.v


class ShiftHook(ScaleHook):
    def __call__(self, pred):
        return pred + self.v


class ClampHook(ScaleHook):
    def __call__(self, pred):
        return tf.clip_by_value(pred, -self.v, self.v)


H1 = ScaleHook(0, 1.2)
H2 = ScaleHook(1, 0.9)
H3 = ShiftHook(2, 0.1)
H4 = ShiftHook(3, -0.2)
HOOKS = {H1, H2, H3}
RANK = operator.attrgetter("rank")

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        for hook in sorted(HOOKS, key=RANK):
            pred = hook(pred)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 9:
        H2.__class__ = ShiftHook
    if step == 15:
        H1.rank = 5
    if step == 21:
        HOOKS.add(H4)
        HOOKS.discard(H3)
    if step == 27:
        H2.__class__ = ClampHook
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    order = [type(h).__name__[:5] + str(h.rank) for h in sorted(HOOKS, key=RANK)]
    print(step, repr(float(loss)), order, repr(float(MODEL.layers[-1].bias.numpy()[0])))

print(json.dumps({
    "k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "out": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))

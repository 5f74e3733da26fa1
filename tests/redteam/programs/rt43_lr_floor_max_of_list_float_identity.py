"""A fine-tuning loop with a learning-rate floor: the caller passes the scheduled lr as a
Python float; the step clamps it with `max([LR_FLOOR, lr])` and `min([lr, LR_CAP])` (the
iterable forms of max/min, as a config-driven clamp written over a list of bounds), uses
it to scale the gradient, and stores both the raw lr and the clamped one on the
schedule state.  CPython's max/min return one of the list's items, so the caller's
`state.lr_eff is lr` is True whenever the lr was inside the bounds, and `state.lr is lr`
always.  janus follows min/max of two numbers (`_Chosen`); here they take a list, and the
stored raw lr is the same object as the clamped one.  The caller recomputes the lr each
step (a new float) and the floor catches it from step 15 on.  Probes: identity of floats
that max/min over a list hand back."""
import random

import numpy

random.seed(4315)
numpy.random.seed(4315)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4315)
rng = np.random.default_rng(4315)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 2))).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 2)).astype(np.float32) * 0.1)
LR_FLOOR = 0.004
LR_CAP = 0.2


class SchedState:
    pass


STATE = SchedState()


def train_step(x, y, lr):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    (g,) = tape.gradient(loss, [W])
    lr_eff = max([LR_FLOOR, lr])
    lr_eff = min([lr_eff, LR_CAP])
    W.assign_sub(lr_eff * g)
    STATE.lr = lr
    STATE.lr_eff = lr_eff
    return loss


for step in range(30):
    lr = 0.1 * (0.8 ** step)
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), lr)
    print(step, repr(float(loss)), repr(STATE.lr_eff), STATE.lr is lr, STATE.lr_eff is lr,
          STATE.lr_eff is LR_FLOOR)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "lr_eff": repr(STATE.lr_eff)}))

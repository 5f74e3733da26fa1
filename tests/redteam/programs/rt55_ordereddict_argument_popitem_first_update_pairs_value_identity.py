"""A round-robin of auxiliary tasks kept in an OrderedDict `ROUND` that the loop passes
to the step as an argument.  Each step takes the front task with
`name, w = tasks.popitem(last=False)`, trains with that weight, and puts it back at the
end with `tasks.update([(name, w)])` (pairs).  The step returns the weight it used; the
loop keeps it in `LAST_W`, and `LAST_W is HEAVY` (a shared float) is part of the state.
Between calls the loop rebinds the task that will come up next to HEAVY (steps 6 and
13), moves a task to the front with move_to_end(last=False) (step 19) and deletes one
(step 25).
Probes: OrderedDict.popitem(last=False) and update() of pairs on a container passed as
an argument (the caller's object), the popped value's identity, the caller reordering
and rebinding values between calls."""
import random

import numpy

random.seed(5536)
numpy.random.seed(5536)

import json
from collections import OrderedDict

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5536)
rng = np.random.default_rng(5536)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = np.stack([XS[:, 0], XS[:, 1] - XS[:, 2], np.tanh(XS[:, 3])], axis=1).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(10, activation="tanh"),
                          keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
HEAVY = 2.5
ROUND = OrderedDict([(0, 1.0), (1, 0.5), (2, 0.25)])
LAST_W = None
LAST_NAME = None


def train_step(x, y, tasks):
    name, w = tasks.popitem(last=False)
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        err = tf.reduce_mean(tf.square(pred - y), axis=0)
        loss = tf.reduce_sum(err) + w * err[name]
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    tasks.update([(name, w)])
    return loss, name, w


for step in range(32):
    if step in (6, 13):
        ROUND[next(iter(ROUND))] = HEAVY
    if step == 19:
        ROUND.move_to_end(2, last=False)
    if step == 25:
        del ROUND[1]
    i = (step * 16) % 112
    loss, LAST_NAME, LAST_W = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), ROUND)
    print(step, repr(float(loss)), LAST_NAME, repr(LAST_W), LAST_W is HEAVY, list(ROUND.items()))

print(json.dumps({"round": list(ROUND.items()), "heavy": LAST_W is HEAVY,
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()[:9]]}))

"""Grouped optimizer updates: the step applies gradients group by group with
`for grp in itertools.batched(pairs, GROUP[0], strict=STRICT[0])`, calling
OPT.apply_gradients once per group and printing the group's variable paths.  With
strict=True and a variable count not divisible by the group size, CPython's batched
yields the full groups first (their updates land) and raises
ValueError('batched(): incomplete batch') only when the short tail is reached; the step
catches it and applies the tail with a second optimizer.  GROUP and STRICT are global
lists edited between steps (group size 2 -> 4 at step 8 -> 3 at step 15; strict off at
21, on again at 26) and the batches' tuple type and lengths are printed.  Probes: updates
and prints made before an exception raised by a C iterator part-way through a loop,
caught inside a converted step."""
import random

import numpy

random.seed(4724)
numpy.random.seed(4724)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4724)
rng = np.random.default_rng(4724)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, 3:4] * 2.0 - XS[:, :1] * XS[:, 1:2]).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(6, activation="tanh"),
    keras.layers.Dense(5, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.04)
TAIL_OPT = keras.optimizers.SGD(learning_rate=0.01)
OPT.build(MODEL.trainable_variables)
TAIL_OPT.build(MODEL.trainable_variables)
GROUP = [2]
STRICT = [True]
ERRS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    variables = MODEL.trainable_variables
    grads = tape.gradient(loss, variables)
    pairs = list(zip(grads, variables))
    done = 0
    try:
        for grp in itertools.batched(pairs, GROUP[0], strict=STRICT[0]):
            OPT.apply_gradients(grp)
            done += len(grp)
            print("  group", type(grp).__name__, [v.path.split("/")[1] + "/" + v.name
                                                   for _, v in grp])
    except ValueError as e:
        ERRS.append(repr(e))
        print("  tail error", repr(e), done)
        TAIL_OPT.apply_gradients(pairs[done:])
    return loss


for step in range(30):
    if step == 8:
        GROUP[0] = 4
    if step == 15:
        GROUP[0] = 3
    if step == 21:
        STRICT[0] = False
    if step == 26:
        STRICT[0] = True
        GROUP[0] = 5
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(OPT.iterations.numpy()), int(TAIL_OPT.iterations.numpy()))

print(json.dumps({
    "errs": len(ERRS),
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "head": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()],
}))

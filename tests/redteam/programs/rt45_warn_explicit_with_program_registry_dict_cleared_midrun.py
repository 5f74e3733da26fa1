"""Divergence warnings issued with `warnings.warn_explicit(...)` and the program's own
registry dict REG (the dict warnings uses to show a warning once per location): the
step warns whenever the loss rises above the previous one, with a fixed filename and
line, so under the "default" action only the first such warning shows and REG
remembers it.  The step returns `len(REG)`.  One catch_warnings(record=True) around
the run records the warnings; the loop prints each step's new ones.  At step 12 the
loop clears REG (a new epoch), so the next rise shows again.  Probes: a warnings call
whose registry is a caller's dict that warnings writes natively (not
`__warningregistry__`), read back by the step and by the loop."""
import random

import numpy

random.seed(4527)
numpy.random.seed(4527)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4527)
rng = np.random.default_rng(4527)
XS = rng.normal(size=(84, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 2.0) + XS[:, 2:3] * 0.3).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.08)
REG = {}


class DivergenceWarning(UserWarning):
    pass


def train_step(x, y, prev):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    value = float(loss)
    if value > prev:
        warnings.warn_explicit("loss went up", DivergenceWarning, "trainer.py", 42,
                               module="trainer", registry=REG)
    return loss, value, len(REG)


prev = float("inf")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("default")
    for step in range(26):
        if step == 12:
            REG.clear()
        i = (step * 7) % 77
        seen = len(caught)
        loss, prev, n = train_step(tf.constant(XS[i:i + 7]), tf.constant(YS[i:i + 7]), prev)
        print(step, repr(float(loss)), n,
              [(w.category.__name__, str(w.message), w.lineno) for w in caught[seen:]])

print(json.dumps({"reg": sorted(str(k) for k in REG),
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))

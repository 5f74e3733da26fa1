"""Step records made in the step from a dataclass whose `uid` field has
`default_factory=_IDS.__next__` (a bound method of an itertools.count: every record
draws the next id) and whose `tags` field has `default_factory=list`.  The step makes
one record per call (two when the loss improves on the best so far), appends them to a
history and returns the first; its uid also picks a row of a small per-uid table.  At
step 10 the loop itself makes an "eval" record, which consumes one id.  Probes: a
stateful C callable run by dataclass-generated `__init__` code (a default factory)
for objects the step makes: eager draws a new id per object per call."""
import random

import numpy

random.seed(4508)
numpy.random.seed(4508)

import dataclasses
import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4508)
rng = np.random.default_rng(4508)
XS = rng.normal(size=(88, 5)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - 0.5 * XS[:, 3:4]).astype(np.float32)

_IDS = itertools.count(100)


@dataclasses.dataclass
class Record:
    kind: str
    loss: float
    uid: int = dataclasses.field(default_factory=_IDS.__next__)
    tags: list = dataclasses.field(default_factory=list)


MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="elu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)
HISTORY = []
BEST = [float("inf")]
GAINS = [1.0, 0.9, 0.8, 1.1]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    value = float(loss)
    rec = Record("train", value)
    rec.tags.append(len(HISTORY))
    HISTORY.append(rec)
    if value < BEST[0]:
        BEST[0] = value
        best = Record("best", value, tags=["improved"])
        HISTORY.append(best)
    return loss * GAINS[rec.uid % 4], rec


for step in range(24):
    if step == 10:
        HISTORY.append(Record("eval", -1.0))
    i = (step * 8) % 80
    loss, rec = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), rec.uid, rec.tags, rec is HISTORY[-1] or rec is HISTORY[-2],
          [r.uid for r in HISTORY[-3:]])

print(json.dumps({"uids": [r.uid for r in HISTORY], "kinds": [r.kind[0] for r in HISTORY],
                  "next": next(_IDS),
                  "bias": [repr(float(v)) for v in MODEL.layers[0].bias.numpy()]}))

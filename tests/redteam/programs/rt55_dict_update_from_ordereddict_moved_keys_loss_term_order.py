"""A multi-term loss whose weights live in an OrderedDict `PRIO` that the loop reorders
with move_to_end.  The step merges it into a dict it makes (`terms = {};
terms.update(PRIO)`) and into the global dict `WEIGHTS` (`WEIGHTS.update(PRIO)`), then
adds the weighted loss terms in `terms`' order (float sums are order-sensitive) and
records that order in a global.  dict.update() of an OrderedDict follows the
OrderedDict's own order (its keys()), not the order of the dict storage underneath,
which move_to_end does not change.  The loop moves "a" to the end (step 8), "c" to the
front (step 14), adds new keys "e" then "d" and moves "e" behind "d" (step 20: both are appended
to WEIGHTS in PRIO's order, the reverse of their storage order) and moves "d" first
(step 26).
Probes: dict.update() with an OrderedDict argument whose linked order differs from
its storage order, into a dict the step makes and into the program's dict; key order
feeding a float sum and a stored list."""
import random

import numpy

random.seed(5503)
numpy.random.seed(5503)

import json
from collections import OrderedDict

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5503)
rng = np.random.default_rng(5503)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS[:, :3] * np.array([0.5, -1.0, 2.0], np.float32)).astype(np.float32)

MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(10, activation="relu"),
                          keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
PRIO = OrderedDict([("a", 0.7), ("b", 1.3), ("c", 0.1)])
WEIGHTS = {"c": 1.0, "b": 1.0}
ORDER = []


def train_step(x, y):
    global ORDER
    terms = {}
    terms.update(PRIO)
    WEIGHTS.update(PRIO)
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        err = tf.square(pred - y)
        parts = {"a": tf.reduce_mean(err[:, 0]), "b": tf.reduce_mean(err[:, 1]),
                 "c": tf.reduce_mean(err[:, 2]), "d": tf.reduce_mean(tf.abs(pred)),
                 "e": tf.reduce_mean(tf.square(pred))}
        loss = tf.constant(0.0)
        for name, w in terms.items():
            loss = loss + w * parts[name]
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    ORDER = list(terms)
    return loss


for step in range(32):
    if step == 8:
        PRIO.move_to_end("a")
    if step == 14:
        PRIO.move_to_end("c", last=False)
    if step == 20:
        PRIO["e"] = 0.02
        PRIO["d"] = 0.01
        PRIO.move_to_end("e")
    if step == 26:
        PRIO.move_to_end("d", last=False)
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), ORDER, list(WEIGHTS))

print(json.dumps({"order": ORDER, "weights": list(WEIGHTS.items()),
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()[:9]]}))

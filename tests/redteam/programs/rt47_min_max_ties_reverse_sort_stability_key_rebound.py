"""Choosing which layer to boost from a list of candidate records (a small class with
`score` and `layer`), where many scores tie: inside the step, min() and max() with
KEY (a module-level attrgetter("score"), rebound at step 11 to a function that rounds
scores to 1 decimal so more ties appear, and at step 21 to a lambda returning a
constant) return the *first* tied record, sorted(..., reverse=True) keeps tied records
in their original order (stability holds under reverse), max(..., default=None) over a
filter() that becomes empty, and `best is CANDS[k]` identity checks are printed.  The
loop edits the candidates' scores between steps (every step one record), reorders the
list (step 16) and empties it (step 26).  Probes: Python's tie-breaking and stable
reverse sort for keys over the program's objects inside a converted step."""
import random

import numpy

random.seed(4728)
numpy.random.seed(4728)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4728)
rng = np.random.default_rng(4728)
XS = rng.normal(size=(88, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] ** 2 + 0.1 * XS[:, 4:5]).astype(np.float32)


class Cand:
    def __init__(self, layer, score):
        self.layer = layer
        self.score = score


MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(6, activation="tanh"),
    keras.layers.Dense(6, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.04)
OPT.build(MODEL.trainable_variables)
CANDS = [Cand(0, 0.5), Cand(1, 0.5), Cand(2, 0.25), Cand(1, 0.25), Cand(0, 0.75)]
KEY = operator.attrgetter("score")
THRESH = [0.6]


def rounded(c):
    return round(c.score, 1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    lo = min(CANDS, key=KEY, default=None)
    hi = max(CANDS, key=KEY, default=None)
    order = sorted(CANDS, key=KEY, reverse=True)
    strong = max(filter(lambda c: c.score > THRESH[0], CANDS), key=KEY, default=None)
    boost = hi.layer if hi is not None else -1
    damp = lo.layer if lo is not None else -1
    scaled = []
    for k, g in enumerate(grads):
        layer = k // 2
        f = 1.0
        if layer == boost:
            f *= 1.5
        if layer == damp:
            f *= 0.5
        scaled.append(g * f)
    OPT.apply_gradients(zip(scaled, MODEL.trainable_variables))
    ids = [CANDS.index(c) for c in order]
    print("  ", None if lo is None else CANDS.index(lo), None if hi is None else CANDS.index(hi),
          ids, None if strong is None else (strong.layer, strong is CANDS[-1]))
    return loss


for step in range(30):
    if CANDS:
        CANDS[step % len(CANDS)].score = round(((step * 3) % 7) / 8.0, 3)
    if step == 11:
        KEY = rounded
    if step == 16:
        CANDS.reverse()
        THRESH[0] = 0.3
    if step == 21:
        KEY = lambda c: 1
    if step == 26:
        CANDS.clear()
    i = (step * 8) % 80
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "head": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()],
}))

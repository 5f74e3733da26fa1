"""Per-phase loss histories kept in a dict: the step does
`HIST.setdefault(PHASE, []).append(round(float(loss), 6))` with PHASE a global str the
loop changes ("a" -> "b" at step 10 -> "a" at step 20 -> "c" at step 27), so each new
phase's list is made by the step.  The loop keeps its own alias to each phase's list the
first time it sees it (`ALIASES[p] = HIST[p]`), trims the "a" list in place at step 24
(`del HIST["a"][:5]`), and at the end checks that the aliases are the dict's lists.
Probes: dict.setdefault inside the step making a new list on the first call of a phase
and returning the existing one later: list identity across calls, contents, dict order."""
import random

import numpy

random.seed(5135)
numpy.random.seed(5135)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5135)
rng = np.random.default_rng(5135)

XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([0.2, 0.3, 0.4], np.float32) + 0.1).astype(np.float32)
W = tf.Variable(tf.zeros((3,)), name="w")
B = tf.Variable(0.0, name="b")
OPT = keras.optimizers.SGD(learning_rate=0.05)
HIST = {}
ALIASES = {}
PHASE = "a"


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x, W) + B - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    hist = HIST.setdefault(PHASE, [])
    hist.append(round(float(loss), 6))
    return loss, len(hist)


for step in range(34):
    if step == 10:
        PHASE = "b"
    if step == 20:
        PHASE = "a"
    if step == 24:
        del HIST["a"][:5]
    if step == 27:
        PHASE = "c"
    i = (step * 4) % 60
    loss, n = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    if PHASE not in ALIASES:
        ALIASES[PHASE] = HIST[PHASE]
    print(step, PHASE, n, list(HIST), ALIASES[PHASE] is HIST[PHASE], repr(float(loss)))

print(json.dumps({
    "hist": HIST,
    "aliases_ok": {p: ALIASES[p] is HIST[p] for p in ALIASES},
    "w": [repr(float(v)) for v in W.numpy()],
}))

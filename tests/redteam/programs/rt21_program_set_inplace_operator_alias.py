"""In-place set operators on the program's sets, through a local alias.

`s = Tracker.SEEN; s ^= {7}` does not rebind the class attribute: set.__ixor__ mutates
the set object in place and returns it, so the program's set changes (7 toggles in and
out at every call).  Likewise `h = HARD; h |= {PHASE}; h -= {PHASE - 2}` edits the
global set.  The contract says a write to one of the program's sets inside the step is
refused; an in-place operator is a BINARY_OP plus a STORE_FAST to a local, not a method
call, and a conversion that reads it as `s = s ^ {7}` (a new set bound to the local)
would leave the program's sets untouched: SEEN would stop toggling (and the step's own
`7 in s` after the toggle would still flip with the build's copy), HARD would stop
growing.  The toggling starts at step 12 (TOGGLE), PHASE moves at steps 20 and 30.
Printed: the sets after each call and the membership the step saw.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2108)
random.seed(2108)
np.random.seed(2108)
rng = np.random.default_rng(2108)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

TOGGLE = False
PHASE = 3
HARD = {0, 1}


class Tracker:
    SEEN = {2, 5}


def train_step(x, y):
    s = Tracker.SEEN
    if TOGGLE:
        s ^= {7}
    has7 = 7 in s
    h = HARD
    h |= {PHASE}
    h -= {PHASE - 2}
    scale = 1.5 if has7 else 1.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * scale * (1.0 + 0.1 * len(h))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, has7, s is Tracker.SEEN, h is HARD


for step in range(40):
    if step == 12:
        TOGGLE = True
    if step == 20:
        PHASE = 5
    if step == 30:
        PHASE = 4
    i = (step * 8) % 88
    loss, has7, same_s, same_h = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), has7, same_s, same_h, sorted(Tracker.SEEN), sorted(HARD))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "seen": sorted(Tracker.SEEN),
    "hard": sorted(HARD),
    "iterations": int(OPT.iterations.numpy()),
}))

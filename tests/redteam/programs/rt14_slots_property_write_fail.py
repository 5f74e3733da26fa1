"""The step keeps its bookkeeping in a `__slots__` object (STATS: steps, best) and a
Tracker whose `peak` is a read-only property.  Between the encoder update (OPT_A) and
the head update (OPT_B) it does periodic bookkeeping with two latent bugs a user would
plausibly ship: every 8th call it writes `STATS.last_peak` (not a slot: AttributeError
"... has no attribute 'last_peak' and no __dict__ for setting new attributes"), and every
13th call it assigns `TRACKER.peak` (a property without a setter: AttributeError).  In
eager these raise at the write, after OPT_A's update and after `STATS.steps += 1`,
before OPT_B.  The loop catches AttributeError, prints the message and continues.

Probes: Python writes deferred to a commit.  A write whose failure only the object's
type decides (no slot, no setter) must fail where eager fails; a converter that defers
it and discovers the AttributeError at commit, after OPT_B's update landed, or that
applies `STATS.steps += 1` and then the failing write out of order, differs in W2,
OPT_B.iterations, STATS.steps and STATS.best.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1409)
rng = np.random.default_rng(1409)

N_STEPS = 40
XS = rng.normal(size=(N_STEPS, 8, 4)).astype(np.float32)
YS = (XS[:, :, :1] * XS[:, :, 1:2]).astype(np.float32)


class Stats:
    __slots__ = ("steps", "best")

    def __init__(self):
        self.steps = 0
        self.best = float("inf")


class Tracker:
    def __init__(self):
        self._peak = 0.0

    @property
    def peak(self):
        return self._peak


STATS = Stats()
TRACKER = Tracker()
W1 = tf.Variable(rng.normal(size=(4, 5)).astype(np.float32) * 0.4, name="W1")
W2 = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.4, name="W2")
OPT_A = keras.optimizers.Adam(learning_rate=0.01)
OPT_B = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.relu(x @ W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    OPT_A.apply_gradients([(g1, W1)])
    STATS.steps += 1
    value = float(loss)
    if STATS.steps % 8 == 0:
        STATS.last_peak = value
    if STATS.steps % 13 == 0:
        TRACKER.peak = value
    if value < STATS.best:
        STATS.best = value
    OPT_B.apply_gradients([(g2, W2)])
    return loss


for step in range(N_STEPS):
    try:
        loss = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
        msg = repr(float(loss))
    except AttributeError as e:
        msg = "FAILED %s" % e
    if step % 4 == 3 or "FAILED" in msg:
        print(step, msg, "steps=%d best=%r" % (STATS.steps, STATS.best),
              "a=%d b=%d" % (int(OPT_A.iterations.numpy()), int(OPT_B.iterations.numpy())),
              "W2=%r" % float(W2.numpy()[0, 0]))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "it_a": int(OPT_A.iterations.numpy()),
    "it_b": int(OPT_B.iterations.numpy()),
    "steps": STATS.steps,
    "best": repr(STATS.best),
    "peak": repr(TRACKER.peak),
    "stats_slots": sorted(Stats.__slots__),
}))

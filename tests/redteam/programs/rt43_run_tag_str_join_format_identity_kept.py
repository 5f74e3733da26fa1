"""An experiment-tracking training loop: the caller passes a run tag (a str) with every
batch; the step builds its log labels from it with the usual idioms (`f"{tag}"`,
`"{}".format(tag)`, `"%s" % tag`, `"".join([tag])`, `tag.replace("/", "_")` when there is
no slash, `tag[:]`) and keeps them on the tracker.  CPython hands back the tag object
itself from each of these when nothing changes, so the caller's `tracker.label_x is tag`
is True in eager.  janus copies the immutable values a call computes ("made anew at
every call") and keeps an operand that is the result; here the result is the tag reached
through a format, a list item or a method.  The caller makes a fresh tag string at some
steps (the run is renamed at step 13) and reuses the same object at others.  Probes:
identity of str results that CPython shares with an argument."""
import random

import numpy

random.seed(4310)
numpy.random.seed(4310)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4310)
rng = np.random.default_rng(4310)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]])).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Tracker:
    def __init__(self):
        self.labels = {}
        self.steps = 0


TRACKER = Tracker()


def train_step(x, y, tag):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    TRACKER.fstr = f"{tag}"
    TRACKER.fmt = "{}".format(tag)
    TRACKER.pct = "%s" % tag
    TRACKER.joined = "".join([tag])
    TRACKER.replaced = tag.replace("/", "_")
    TRACKER.sliced = tag[:]
    TRACKER.raw = tag
    TRACKER.steps += 1
    return loss


base = "run" + "-" + "alpha"
for step in range(30):
    if step == 13:
        base = "run" + "-" + "beta"
    tag = base if step % 3 else "".join(["run-", "alpha" if step < 13 else "beta"])
    loss = train_step(tf.constant(XS[(step * 8) % 88:(step * 8) % 88 + 8]),
                      tf.constant(YS[(step * 8) % 88:(step * 8) % 88 + 8]), tag)
    flags = [TRACKER.fstr is tag, TRACKER.fmt is tag, TRACKER.pct is tag,
             TRACKER.joined is tag, TRACKER.replaced is tag, TRACKER.sliced is tag, TRACKER.raw is tag]
    print(step, repr(float(loss)), TRACKER.fstr, flags)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "steps": TRACKER.steps,
    "labels": [TRACKER.fstr, TRACKER.fmt, TRACKER.pct, TRACKER.joined, TRACKER.replaced, TRACKER.sliced],
}))

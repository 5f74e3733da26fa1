"""The program adds an audit hook before it imports TensorFlow, and counts the audit
events its training step raises (each `id()` of its cursor, each of its own
sys.audit events).  A graph of the step would raise them once, at its build; janus
must see the hook, although it was added before janus watched, and stand aside.  The
hook also counts every event raised while the loop runs: janus's own work (a build's
frame reads and compiles) would show there."""
import collections
import sys

EVENTS = []
CENSUS = collections.Counter()
ARMED = [False]


def hook(event, args):
    if event.startswith("observer_first."):
        EVENTS.append((event, args[0]))
    if ARMED[0]:
        CENSUS[event] += 1


sys.addaudithook(hook)

import json  # noqa: E402

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

rng = np.random.default_rng(5)
XS = rng.normal(size=(30, 8, 3)).astype(np.float32)
YS = rng.normal(size=(30, 8, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def train_step(x, y, step):
    sys.audit("observer_first.step", step)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


ARMED[0] = True
for step in range(30):
    loss = train_step(XS[step], YS[step], step % 3)
    print(step, repr(float(loss)))

ARMED[0] = False
print(json.dumps({"events": len(EVENTS), "census": sorted(CENSUS.items()), "last": list(EVENTS[-1]),
                  "w": [repr(float(v)) for v in W.numpy().ravel()]}))

"""Checkpoint "snapshots" (plain Python objects with a scale and a name) are held
strongly only by the list POOL; a weakref.WeakValueDictionary REGISTRY maps names to
them and each has a weakref.ref callback that appends its name to RETIRED when it dies.
The training step reads the anchor scale from the oldest live snapshot, updates the
weights, and every 4th call retires the oldest snapshot with `del POOL[0]` -- the last
strong reference, so in CPython the object dies right there, inside the step: the
callback runs, the registry entry disappears.  The step then reads len(REGISTRY),
`name in REGISTRY` and len(RETIRED) and returns them; it prints them too.

Probes: object lifetime inside a converted call.  A converter that defers the list
deletion to a commit still has the snapshot alive while the step reads the registry
(len and membership one too high, RETIRED one short) and bakes those reads into the
graph; or it keeps the snapshot alive past the commit through a guard on POOL[0].
"""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1413)
rng = np.random.default_rng(1413)


class Snapshot:
    def __init__(self, name, scale):
        self.name = name
        self.scale = scale


RETIRED = []
REFS = []
POOL = [Snapshot("snap%02d" % i, 1.0 + 0.1 * i) for i in range(12)]
REGISTRY = weakref.WeakValueDictionary((s.name, s) for s in POOL)
for s in POOL:
    REFS.append(weakref.ref(s, lambda r, n=s.name: RETIRED.append(n)))
del s

N_STEPS = 40
XS = rng.normal(size=(N_STEPS, 8, 3)).astype(np.float32)
YS = (XS @ np.array([[0.4], [0.2], [-0.6]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32), name="W")
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATE = {"calls": 0}


def train_step(x, y):
    STATE["calls"] += 1
    anchor = POOL[0].scale
    oldest = POOL[0].name
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * anchor
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    if STATE["calls"] % 4 == 0:
        del POOL[0]
    live = len(REGISTRY)
    still = oldest in REGISTRY
    print("  step", STATE["calls"], "oldest", oldest, "live", live, "still", still,
          "retired", len(RETIRED))
    return loss, live, still, len(RETIRED)


for step in range(N_STEPS):
    loss, live, still, retired = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    if step % 4 == 3:
        print(step, repr(float(loss)), live, still, retired, RETIRED[-2:],
              sorted(REGISTRY.keys())[:3], "dead_refs=%d" % sum(r() is None for r in REFS))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "pool": [s.name for s in POOL],
    "registry": sorted(REGISTRY.keys()),
    "retired": RETIRED,
}))

"""Bookkeeping with less common container mutations inside the step, each followed by a
read in the same call: a window list updated by slice assignment `WIN[1:3] = [PHASE,
len(WIN)]` and extended-slice deletion `del WIN[::3]`, in-place `WIN.reverse()`, a
recent-events dict trimmed with `EVENTS.popitem()` (LIFO) after an insert, and a module
set updated with `SEEN |= {PHASE}`, `SEEN.discard("warm")` and read with sorted(SEEN)
and len.  The reads feed the gradient scale.  In eager each read sees the mutation just
made, in CPython's exact semantics (popitem removes the *last* inserted key; an
extended-slice delete removes every third item).  A graph that deferred these writes but
read the caller's containers, or replayed them differently, would compute another scale
and leave other contents.  Probes: slice assignment, extended-slice deletion, reverse,
popitem and set operators on heap containers."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1644)
rng = np.random.default_rng(1644)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - XS[:, 3:]).astype(np.float32)
W = tf.Variable(tf.zeros([4, 1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)

WIN = ["a", "b", "c", "d", "e", "f"]
EVENTS = {"start": 0}
SEEN = {"warm"}
SEEN0 = SEEN
PHASE = "warm"


def train_step(x, y):
    global SEEN
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    WIN[1:3] = [PHASE, str(len(WIN))]
    del WIN[::3]
    WIN.reverse()
    WIN.extend(["x", "y"])
    EVENTS[PHASE + str(len(WIN))] = len(WIN)
    EVENTS["tmp"] = -1
    last = EVENTS.popitem()
    SEEN |= {PHASE}
    SEEN.discard("warm")
    seen = sorted(SEEN)
    scale = 1.0 + 0.01 * len(WIN) + 0.02 * len(EVENTS) + 0.05 * len(seen)
    OPT.apply_gradients([(grads[0] * scale, W)])
    print(f"win {WIN} last {last} events {len(EVENTS)} seen {seen} scale {scale!r}")
    return loss


for step in range(26):
    if step in (6, 13, 19):
        PHASE = {6: "main", 13: "tune", 19: "cool"}[step]
    if step == 10:
        WIN[:] = ["p", "q", "r", "s", "t", "u", "v"]
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "win": WIN,
    "events": list(EVENTS.items()),
    "seen": sorted(SEEN),
    "seen_same_object": SEEN is SEEN0,
}))

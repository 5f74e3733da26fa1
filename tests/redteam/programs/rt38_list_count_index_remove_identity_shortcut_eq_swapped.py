"""A training step keeps a list of Tag objects (the program's class, whose __eq__ at first
returns False always, like a NaN).  Each step picks the current tag TAGS[k % 3] and asks
`TAGS.count(cur)`, `TAGS.index(cur)`, `cur in SEEN` and `SEEN.count(cur)`: CPython's list
methods test identity before calling __eq__, so the answers count the object itself only.
The step appends cur to SEEN and removes the first entry equal to TAGS[0] once SEEN is long
(list.remove also takes identity first).  At step 12 the loop replaces Tag.__eq__ with a
name comparison (and adds a twin Tag with the same name to TAGS); at step 21 with a
function that returns NotImplemented.  The counts scale the loss.  Probes: identity
shortcuts of list.count/index/remove/in, and a class's __eq__ replaced mid-run."""
import random

import numpy

random.seed(389)
numpy.random.seed(389)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3809)
rng = np.random.default_rng(3809)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.02)


class Tag:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return False

    __hash__ = object.__hash__

    def __repr__(self):
        return f"Tag({self.name})"


TAGS = [Tag("a"), Tag("b"), Tag("c")]
SEEN = []
STATE = {"k": 0}


def train_step(x, y):
    k = STATE["k"]
    cur = TAGS[k % 3]
    n_tags = TAGS.count(cur)
    pos = TAGS.index(cur)
    was_seen = cur in SEEN
    n_seen = SEEN.count(cur)
    SEEN.append(cur)
    if len(SEEN) > 5:
        SEEN.remove(TAGS[0]) if TAGS[0] in SEEN else SEEN.pop(0)
    scale = 1.0 + 0.1 * n_tags + 0.01 * n_seen + 0.001 * pos + (0.5 if was_seen else 0.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * scale
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    STATE["k"] = k + 1
    return loss, (n_tags, pos, was_seen, n_seen, len(SEEN))


def eq_by_name(self, other):
    return isinstance(other, Tag) and self.name == other.name


def eq_not_impl(self, other):
    return NotImplemented


for step in range(30):
    if step == 12:
        Tag.__eq__ = eq_by_name
        TAGS.append(Tag("b"))
    elif step == 21:
        Tag.__eq__ = eq_not_impl
    i = (step * 8) % 48
    loss, info = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), info, SEEN)

print(json.dumps({
    "W": W.numpy().ravel().tolist(), "k": STATE["k"],
    "seen": [repr(t) for t in SEEN],
    "seen_ids": [TAGS.index(t) if any(t is u for u in TAGS) else -1 for t in SEEN],
    "tags": [repr(t) for t in TAGS],
}))

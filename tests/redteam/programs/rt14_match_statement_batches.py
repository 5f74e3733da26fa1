"""A data loader that yields batches in several container shapes (a dict, a dict with
sample weights, a dict with extra keys, a Batch dataclass with an optional mask, a
(x, y) tuple, an [x, y] list); the step dispatches with a `match` statement using
mapping patterns (with **rest), class patterns (positional via __match_args__ and
keyword), sequence patterns and a guard.  After the update a second `match` classifies
the graph-computed loss: literal patterns on `round(float(loss), 1)`, a capture with a
guard, and an or-pattern on `int(OPT.iterations) % 4`.

Probes: MATCH_MAPPING / MATCH_KEYS / MATCH_CLASS / MATCH_SEQUENCE and COPY_DICT_WITHOUT_KEYS
in a converted step, and pattern matching against Python numbers the graph computes
(literal `==`, guards).  A converter that caches the first dispatch, matches a list as
not-a-sequence, drops **rest, or decides `case 0.1:` at build time from the profiled
value prints different kinds/phases and trains on different weights.
"""
import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1412)
rng = np.random.default_rng(1412)


@dataclasses.dataclass
class Batch:
    x: object
    y: object
    mask: object = None


N_STEPS = 42
XS = rng.normal(size=(N_STEPS, 8, 3)).astype(np.float32)
YS = (np.tanh(XS @ np.array([[1.0], [-0.5], [0.3]], np.float32))).astype(np.float32)
WS = rng.uniform(0.2, 1.0, size=(N_STEPS, 8, 1)).astype(np.float32)
MASKS = (rng.uniform(size=(N_STEPS, 8, 1)) > 0.3).astype(np.float32)

W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.2, name="W")
OPT = keras.optimizers.SGD(learning_rate=0.2)
KINDS = {}
PHASES = []


def make_batch(step):
    x, y = tf.constant(XS[step]), tf.constant(YS[step])
    form = step % 6
    if form == 0:
        return {"x": x, "y": y}
    if form == 1:
        return {"x": x, "y": y, "w": tf.constant(WS[step])}
    if form == 2:
        return {"x": x, "y": y, "id": step, "source": "aux"}
    if form == 3:
        return Batch(x, y, mask=tf.constant(MASKS[step]) if step % 4 == 3 else None)
    if form == 4:
        return (x, y)
    return [x, y]


def train_step(batch):
    match batch:
        case {"x": x, "y": y, "w": w}:
            kind = "weighted"
        case {"x": x, "y": y, **rest} if rest:
            kind = "dict+" + ",".join(sorted(rest))
            w = tf.ones_like(y)
        case {"x": x, "y": y}:
            kind = "dict"
            w = tf.ones_like(y)
        case Batch(x, y, mask=None):
            kind = "batch"
            w = tf.ones_like(y)
        case Batch(x, y, mask=m):
            kind = "batch-masked"
            w = m
        case (x, y):
            kind = "seq"
            w = tf.ones_like(y)
        case _:
            raise TypeError("unknown batch")
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w * tf.square(x @ W - y)) / tf.reduce_sum(w)
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    match round(float(loss), 1):
        case 0.0:
            phase = "tiny"
        case 0.1 | 0.2:
            phase = "low"
        case v if v > 0.5:
            phase = "high:%r" % v
        case v:
            phase = "mid:%r" % v
    match int(OPT.iterations) % 4:
        case 0 | 3:
            phase += "/edge"
        case k:
            phase += "/%d" % k
    KINDS[kind] = KINDS.get(kind, 0) + 1
    PHASES.append(phase)
    return loss, kind, phase


for step in range(N_STEPS):
    loss, kind, phase = train_step(make_batch(step))
    print(step, repr(float(loss)), kind, phase)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "kinds": dict(sorted(KINDS.items())),
    "phases": PHASES[-6:],
    "iterations": int(OPT.iterations.numpy()),
}))

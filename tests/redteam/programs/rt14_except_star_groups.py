"""Batch validation that reports every problem at once with an ExceptionGroup, handled
in the step with `except*` (PEP 654): a KeyError member (duplicated ids: keep the first
half of the batch), a ValueError member (labels in the wrong unit: divide by the
batch's scale) -- when both are present BOTH handlers run, in order.  Later the step
wraps tf.debugging.check_numerics of the gradient norm in `except*
tf.errors.InvalidArgumentError as eg`: a naked InvalidArgumentError is wrapped into an
ExceptionGroup, the handler records type(eg).__name__ and len(eg.exceptions), clears a flag, and the
step returns early without updating.  NaN features appear on some batches.

Probes: CHECK_EG_MATCH / except* bytecode.  A converter that treats `except*` like
`except` runs only the first matching handler (losing the rescale), binds the bare
exception instead of a group, or routes a graph-time check failure wrongly; the
handled-list, the EVENTS log and the weights show it.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1410)
rng = np.random.default_rng(1410)

N_STEPS = 40
XS = rng.normal(size=(N_STEPS, 8, 3)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25]], np.float32)).astype(np.float32)
META = []
for s in range(N_STEPS):
    dup = s % 7 == 3
    scale = 100.0 if s % 5 == 2 else 1.0
    META.append({"dup": dup, "scale": scale})
    if scale != 1.0:
        YS[s] *= scale
NAN_STEPS = {9, 23, 24}
for s in NAN_STEPS:
    XS[s, 4, 1] = np.nan

W = tf.Variable(np.zeros((3, 1), np.float32), name="W")
OPT = keras.optimizers.SGD(learning_rate=0.1)
EVENTS = []


def validate(meta):
    problems = []
    if meta["dup"]:
        problems.append(KeyError("duplicate ids"))
    if meta["scale"] != 1.0:
        problems.append(ValueError("labels scaled by %g" % meta["scale"]))
    if problems:
        raise ExceptionGroup("batch problems", problems)


def train_step(x, y, meta):
    handled = []
    try:
        validate(meta)
    except* KeyError:
        handled.append("dedup")
        x = x[:4]
        y = y[:4]
    except* ValueError as eg:
        handled.append("rescale:%d" % len(eg.exceptions))
        y = y / meta["scale"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    finite = True
    try:
        tf.debugging.check_numerics(tf.norm(g), "grad norm")
    except* tf.errors.InvalidArgumentError as eg:
        EVENTS.append((type(eg).__name__, len(eg.exceptions), list(handled)))
        finite = False
    if not finite:
        return None, handled
    OPT.apply_gradients([(g, W)])
    return loss, handled


for step in range(N_STEPS):
    loss, handled = train_step(tf.constant(XS[step]), tf.constant(YS[step]), META[step])
    if loss is None or handled or step % 6 == 0:
        print(step, "skipped" if loss is None else repr(float(loss)), handled,
              "W=%r" % [float(v) for v in W.numpy().ravel()], "events=%d" % len(EVENTS))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "events": EVENTS,
}))

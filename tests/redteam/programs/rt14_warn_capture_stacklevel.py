"""Gradient-clipping warnings emitted from the training step with
`warnings.warn(msg, RuntimeWarning, stacklevel=2)` -- attributed to the CALLER's line
(the loop), so the "default" action de-duplicates per (text, caller line) in the
module's __warningregistry__.  Warnings are routed through logging
(logging.captureWarnings(True)) to a stdout handler, with warnings.formatwarning
replaced by a function printing the file's basename and line number.  Filters change
mid-run: "default" -> "always" (step 12) -> "error" (step 24: the warning raises
inside the step, which catches RuntimeWarning, skips the update and records it) ->
"once" (step 34); the loop calls the step from two different lines (even/odd
steps), so the registry sees two locations.

Probes: warnings machinery run from a converted step: the frame `stacklevel=2`
names, the registry it de-duplicates in, filters read at call time, and a warning
turned into an exception that the step itself catches.  A converter that replays
warn() after the graph attributes it to other lines (or de-duplicates differently),
or does not raise under the "error" filter inside the step, prints other lines and
applies updates eager skipped.
"""
import json
import logging
import os
import sys
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1426)
rng = np.random.default_rng(1426)


def short_format(message, category, filename, lineno, line=None):
    return "%s:%d %s %s" % (os.path.basename(filename), lineno, category.__name__, message)


warnings.formatwarning = short_format
logging.captureWarnings(True)
PYW = logging.getLogger("py.warnings")
PYW.propagate = False
HANDLER = logging.StreamHandler(sys.stdout)
HANDLER.setFormatter(logging.Formatter("[%(name)s] %(message)s"))
PYW.addHandler(HANDLER)
warnings.simplefilter("default")

N_STEPS = 44
XS = rng.normal(size=(N_STEPS, 8, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-1.0], [0.5]], np.float32)).astype(np.float32)
for s in range(N_STEPS):
    if s % 3 == 1:
        YS[s] *= 5.0
W = tf.Variable(np.zeros((3, 1), np.float32), name="W")
OPT = keras.optimizers.SGD(learning_rate=0.02)
CLIP = 2.0
SKIPPED = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    gn = float(tf.norm(g))
    if gn > CLIP:
        try:
            warnings.warn("grad norm %.1f above %.1f" % (round(gn, 0), CLIP),
                          RuntimeWarning, stacklevel=2)
        except RuntimeWarning as w:
            SKIPPED.append((step, str(w)))
            return loss, False
        g = g * (CLIP / gn)
    OPT.apply_gradients([(g, W)])
    return loss, True


for step in range(N_STEPS):
    if step == 12:
        warnings.simplefilter("always")
    if step == 24:
        warnings.simplefilter("error")
    if step == 34:
        warnings.simplefilter("once")
    if step % 2 == 0:
        loss, applied = train_step(tf.constant(XS[step]), tf.constant(YS[step]), step)
    else:
        loss, applied = train_step(tf.constant(XS[step]), tf.constant(YS[step]), step)
    print(step, repr(float(loss)), "applied" if applied else "SKIPPED")

registry = globals().get("__warningregistry__", {})
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "skipped": SKIPPED,
    "registry_entries": sorted(str(k[0]) + "@" + str(k[-1]) for k in registry if isinstance(k, tuple) and len(k) == 3),
}))

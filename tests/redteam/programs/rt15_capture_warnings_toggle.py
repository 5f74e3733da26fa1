"""Probe: warnings raised inside the step, with their route switched mid-run by
logging.captureWarnings.

The step warns (`warnings.warn(f"loss high: {v:.3f}", UserWarning)`) whenever the
Python float of the loss exceeds a threshold, and warns a RuntimeWarning on every 4th
step. Filters: "always" for UserWarning, "default" (once per location) for
RuntimeWarning. Until step 10 the warnings go through warnings.showwarning to
sys.stderr, which the program has redirected to sys.stdout, so they interleave with the
step's prints; at step 10 the program calls logging.captureWarnings(True) (warnings
become records of the "py.warnings" logger, whose handler writes to sys.stdout with its
own format);
at step 20 it turns capture off again. Eager shows each warning at its place in the
step. A runtime that emits prints after the graph but lets warnings through
immediately (or shows them at build time only) reorders or drops lines. Mechanism:
warnings routed through warnings.showwarning replaced by logging mid-run."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import logging
import sys
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1536)
rng = np.random.default_rng(1536)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) * 2).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.01)

sys.stderr = sys.stdout
warnings.simplefilter("always", UserWarning)
warnings.simplefilter("default", RuntimeWarning)
handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("LOGGED[%(name)s/%(levelname)s] %(message)s"))
pyw = logging.getLogger("py.warnings")
pyw.addHandler(handler)
pyw.propagate = False
THRESH = 15.0


def train_step(x, y, n):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    v = float(loss)
    print(f"  step {n} computed")
    if v > THRESH:
        warnings.warn(f"loss high: {v:.3f}", UserWarning)
    if n % 4 == 0:
        warnings.warn("periodic check", RuntimeWarning)
    print(f"  step {n} done")
    return loss


for step in range(30):
    if step == 10:
        logging.captureWarnings(True)
    if step == 20:
        logging.captureWarnings(False)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(round(float(loss), 6)))

print(json.dumps({"W": [round(float(v), 6) for v in W.numpy().ravel()]}))

"""warnings.warn inside the step, with warnings.showwarning redirected to print on stdout
(category, message, line number).  The step warns with a fixed text every call, so under
the initial "default" action eager shows it once (the per-module __warningregistry__
remembers it).  At step 10 the program switches to simplefilter("always") (shown every
call); at step 20 it adds filterwarnings("error") for RuntimeWarning, so warn() RAISES and
the step's `except RuntimeWarning` branch clips the update.  Probes: effects of a C library
call whose outcome depends on global filter lists, registries and the caller's frame
(module, line), replayed or folded by a converter."""
import json
import warnings

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1218)
rng = np.random.default_rng(1218)


def show(message, category, filename, lineno, file=None, line=None):
    print("WARN", category.__name__, str(message), lineno)


warnings.showwarning = show
warnings.resetwarnings()
warnings.simplefilter("default")

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
CLIPPED = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    scale = 0.05
    try:
        warnings.warn("update without clipping", RuntimeWarning)
    except RuntimeWarning:
        scale = 0.01
        CLIPPED.append(step)
    W.assign_sub(scale * g)
    return loss


for step in range(30):
    if step == 10:
        warnings.simplefilter("always")
    if step == 20:
        warnings.filterwarnings("error", category=RuntimeWarning)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "clipped": CLIPPED}))

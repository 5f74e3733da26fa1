"""Logging and warnings from inside the step whose records carry where they were made.
The logger's formatter prints %(funcName)s:%(lineno)d, and a custom
warnings.showwarning prints the warning's file basename and line number. The step
gates an expensive debug value on logger.isEnabledFor(DEBUG) (Logger keeps a cache of
that answer), logs through a helper (record from the helper's line), warns with
stacklevel=2 (attributed to the caller's line) and with the default filter (a warning
from one place is shown once). Step 12: logger.setLevel(DEBUG). Step 18:
warnings.simplefilter("always"). Step 24: the handler's formatter is replaced. Step 30:
logger.setLevel(WARNING) and warnings.resetwarnings() plus a fresh "default" filter."""
import logging
import os
import random
import sys
import warnings

import numpy as np
import tensorflow as tf

random.seed(97)
np.random.seed(97)
tf.random.set_seed(97)

logger = logging.getLogger("rt6.train")
logger.propagate = False
handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("LOG %(levelname)s %(funcName)s:%(lineno)d %(message)s"))
logger.addHandler(handler)
logger.setLevel(logging.INFO)


def show(message, category, filename, lineno, file=None, line=None):
    print(f"WARN {category.__name__} {os.path.basename(filename)}:{lineno} {message}")


warnings.showwarning = show
warnings.simplefilter("default")

rng = np.random.default_rng(131)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))


def note(msg, *args):
    logger.info("note: " + msg, *args)


def check(v):
    if v > 0.5:
        warnings.warn(f"loss high {v:.4f}", RuntimeWarning, stacklevel=2)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    v = float(loss)
    if logger.isEnabledFor(logging.DEBUG):
        logger.debug("grad norm %.6f", float(tf.norm(g)))
    logger.info("step %d loss %.6f", step, v)
    note("lr %s", 0.05)
    check(v)
    warnings.warn("fixed-place warning", UserWarning)
    print(f"step {step} loss {v!r}")
    return loss


for step in range(36):
    if step == 12:
        logger.setLevel(logging.DEBUG)
    elif step == 18:
        warnings.simplefilter("always")
    elif step == 24:
        handler.setFormatter(logging.Formatter("L2 %(name)s %(module)s %(funcName)s %(message)s"))
    elif step == 30:
        logger.setLevel(logging.WARNING)
        warnings.resetwarnings()
        warnings.simplefilter("default")
    i = (step * 16) % 48
    train_step(X[i:i + 16], Y[i:i + 16], step)

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
print("level", logger.level, "cache", sorted(logger._cache.items()))

"""Output ordering across channels inside the step: print, tf.print to sys.stdout,
sys.stdout.write, logging (root logger on stdout) and warnings routed to logging, with
stdout line-buffered. At step 12 the loop raises the root logger's level from INFO to
WARNING, so info lines stop and only warning-level ones remain, in the same order."""
import logging
import sys
import warnings

import numpy as np
import tensorflow as tf

sys.stdout.reconfigure(line_buffering=True)
logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
logging.captureWarnings(True)
warnings.simplefilter("always")
warnings.formatwarning = lambda msg, cat, fn, ln, line=None: "%s: %s" % (cat.__name__, msg)
tf.keras.utils.set_random_seed(81)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(81)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.3, name="w")
OPT = tf.keras.optimizers.SGD(0.05)
LOG = logging.getLogger("train")
WRITTEN = []


def train_step(i):
    print("step", i, "begin", end=" ")
    sys.stdout.write("<w>")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(X, W) - Y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    v = float(loss)
    n = sys.stdout.write("\n")
    WRITTEN.append(n)
    tf.print("tfprint", i, loss, output_stream=sys.stdout)
    LOG.info("info %d %.6f", i, v)
    if i % 3 == 0:
        LOG.warning("warn %d %r", i, v)
        warnings.warn("loss is %.5f" % v)
    print("end", i, repr(v), sep=" | ")
    return loss


for i in range(30):
    if i == 12:
        logging.getLogger().setLevel(logging.WARNING)
    train_step(i)

print("summary", len(WRITTEN), sum(WRITTEN), repr(float(tf.reduce_sum(W))))

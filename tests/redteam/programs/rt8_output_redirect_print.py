"""Where the step's output goes, changed from outside: contextlib.redirect_stdout around
some calls, sys.stdout replaced by hand, a module-level `print` that shadows the builtin
(defined mid-run, then deleted), a `file=` StringIO rebound, a logging handler bound to
the real stdout, and tf.print(output_stream=sys.stdout) (TF resolves sys.stdout at call
time and its kernel writes to the process's fd 1, not to a Python replacement).

stdout is line-buffered so Python's and TF's lines interleave in program order.
  steps 12-15: `with redirect_stdout(buf)`: prints go to buf (shown by the loop after);
               logging still goes to the real stdout; tf.print to fd 1
  step 18: `print = functools.partial(builtins.print, end=" <\n")` at module level
  step 22: SEP = ","
  step 25: `del print` (the builtin again)
  step 27: LOG = io.StringIO() (the step's print(file=LOG) now writes to the new one)
  step 29: logger.setLevel(logging.WARNING)  (the step's logger.info goes silent)
  steps 31-32: sys.stdout = io.StringIO() by hand, restored after
A converter that replays output to the stream current at build time, resolves `print`
to the builtin once, or reorders logging/tf.print/print differs in the captured text,
line order and endings.
"""
import builtins
import contextlib
import functools
import io
import logging
import random
import sys

import numpy as np
import tensorflow as tf

sys.stdout.reconfigure(line_buffering=True)
tf.keras.utils.set_random_seed(837)

logger = logging.getLogger("rt8out")
logger.propagate = False
_h = logging.StreamHandler(sys.stdout)
_h.setFormatter(logging.Formatter("LOG %(levelname)s %(message)s"))
logger.addHandler(_h)
logger.setLevel(logging.INFO)

SEP = " "
LOG = io.StringIO()
rng = np.random.default_rng(837)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] - XS[:, 3:4] * 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.1 * g)
    print("  step", step, "loss", f"{float(loss):.6f}", sep=SEP)
    logger.info("loss %.6f at %d", float(loss), step)
    tf.print("  tf.print", step, tf.reduce_sum(W), output_stream=sys.stdout)
    print("  to LOG", step, file=LOG)
    n = sys.stdout.write("  write %d\n" % step)
    return loss, n


OLD_LOG = None
for step in range(36):
    if step == 18:
        print = functools.partial(builtins.print, end=" <\n")
    if step == 22:
        SEP = ","
    if step == 25:
        del print
    if step == 27:
        OLD_LOG = LOG
        LOG = io.StringIO()
    if step == 29:
        logger.setLevel(logging.WARNING)
    i = (step * 8) % 56
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    if 12 <= step < 16:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            loss, n = train_step(x, y, step)
        print("captured", repr(buf.getvalue()))
    elif step in (31, 32):
        real = sys.stdout
        sys.stdout = buf = io.StringIO()
        try:
            loss, n = train_step(x, y, step)
        finally:
            sys.stdout = real
        print("captured by hand", repr(buf.getvalue()))
    else:
        loss, n = train_step(x, y, step)
    print(step, repr(float(loss)), n)

print("LOG lines", len(LOG.getvalue().splitlines()), repr(LOG.getvalue()[-30:]),
      len(OLD_LOG.getvalue().splitlines()))
print("final", W.numpy().ravel().tolist())
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))

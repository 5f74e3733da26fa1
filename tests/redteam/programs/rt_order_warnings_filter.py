"""The step calls warnings.warn with a constant message (shown once per location by the
default filter, via the module's __warningregistry__) and logs through a logger whose user
Filter counts records; the step then prints the filter's count. At step 9 the loop switches
warnings to "always"; at step 18 the filter starts rejecting. Deferring these effects past
the read of the count, or replaying warnings each call, prints different lines."""
import logging
import sys
import warnings

import numpy as np
import tensorflow as tf

sys.stdout.reconfigure(line_buffering=True)


def show(message, category, filename, lineno, file=None, line=None):
    print("  WARN", category.__name__, message)


warnings.showwarning = show
warnings.simplefilter("default")


class CountFilter(logging.Filter):
    def __init__(self):
        super().__init__()
        self.seen = 0
        self.reject = False

    def filter(self, record):
        self.seen += 1
        return not self.reject


LOGGER = logging.getLogger("wf")
LOGGER.setLevel(logging.INFO)
_h = logging.StreamHandler(sys.stdout)
_h.setFormatter(logging.Formatter("  LOG %(message)s"))
LOGGER.addHandler(_h)
LOGGER.propagate = False
FLT = CountFilter()
LOGGER.addFilter(FLT)

tf.keras.utils.set_random_seed(42)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(13)
X = tf.constant(rng.normal(size=(20, 3)))
Y = tf.constant(rng.normal(size=(20, 1)))
W = tf.Variable(np.zeros((3, 1)))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    warnings.warn("loss is being tracked", UserWarning)
    LOGGER.info("loss %.8f", float(loss))
    seen = FLT.seen
    W.assign_sub(0.1 * tape.gradient(loss, W))
    print("  seen", seen, FLT.seen)
    return loss, seen


for step in range(28):
    if step == 9:
        warnings.simplefilter("always")
    if step == 18:
        FLT.reject = True
    loss, seen = train_step(X, Y)
    print(step, repr(float(loss)), seen)

print("filter", FLT.seen, FLT.reject)
print("W", W.numpy().ravel().tolist())

"""Output through logging: the step logs at INFO every step and at WARNING every third step via a
logger whose Filter (program code) stamps each record with STATE["tag"], a value the step itself
rewrites after logging, and counts the records it saw. At step 10 the loop raises the logger's
level to WARNING. Expects the emitted lines, their tags (the previous step's) and filter counts as eager."""
import logging
import sys

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1212)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(1212)
X = tf.constant(rng.normal(size=(36, 3)))
Y = tf.constant(X.numpy() @ np.array([[0.3], [0.6], [-0.9]]) ** 2)

STATE = {"tag": "init", "n": 0}


class TagFilter(logging.Filter):
    def __init__(self):
        super().__init__()
        self.seen = 0
        self.levels = []

    def filter(self, record):
        self.seen += 1
        self.levels.append(record.levelname)
        record.tag = STATE["tag"]
        return True


LOG = logging.getLogger("rt2.trainer")
LOG.propagate = False
LOG.setLevel(logging.INFO)
HANDLER = logging.StreamHandler(sys.stdout)
HANDLER.setFormatter(logging.Formatter("%(levelname)s [%(tag)s] %(message)s"))
LOG.addHandler(HANDLER)
FILTER = TagFilter()
LOG.addFilter(FILTER)

W = tf.Variable(tf.ones((3, 1), tf.float64) * 0.1)


def train_step(x, y):
    n = STATE["n"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    LOG.info("step %d loss %.10f", n, float(loss))
    if n % 3 == 0:
        LOG.warning("checkpoint step %d w0=%.8f", n, float(W[0, 0]))
    STATE["tag"] = f"after{n}"
    STATE["n"] = n + 1
    return loss


LOSSES = []
for step in range(30):
    if step == 10:
        LOG.setLevel(logging.WARNING)
    LOSSES.append(float(train_step(X, Y)))
    print(f"loop {step:2d} seen={FILTER.seen} tag={STATE['tag']}")

print(f"final seen={FILTER.seen} warnings={FILTER.levels.count('WARNING')} "
      f"infos={FILTER.levels.count('INFO')} loss={LOSSES[-1]!r}")

"""The step logs through a `logging.Logger` writing to stdout and, only when
`LOG.isEnabledFor(logging.DEBUG)`, computes per-layer gradient norms, logs them at DEBUG
and appends them to the global GNORMS. At step 11 the loop turns debugging on with
`LOG.setLevel(logging.DEBUG)`, and at step 21 back off (`logging.INFO`); eager asks the
logger at every call, so the extra lines and GNORMS entries appear exactly for steps 11-20."""
import logging
import sys

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(517)

LOG = logging.getLogger("rt5.trainer")
_handler = logging.StreamHandler(sys.stdout)
_handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
LOG.addHandler(_handler)
LOG.propagate = False
LOG.setLevel(logging.INFO)

rng = np.random.default_rng(21)
XS = rng.normal(size=(60, 5)).astype("float32")
YS = rng.integers(0, 2, size=(60, 1)).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(4, activation="relu"),
                             tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(0.1)
bce = tf.keras.losses.BinaryCrossentropy(from_logits=True)
GNORMS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = bce(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    if LOG.isEnabledFor(logging.DEBUG):
        norms = [round(float(tf.norm(g)), 5) for g in grads]
        GNORMS.append(norms)
        LOG.debug("grad norms %s", norms)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    LOG.info("loss %.6f", float(loss))
    return loss


for step in range(30):
    if step == 11:
        LOG.setLevel(logging.DEBUG)
    if step == 21:
        LOG.setLevel(logging.INFO)
    i = (step * 6) % 54
    loss = train_step(tf.constant(XS[i:i + 6]), tf.constant(YS[i:i + 6]))
    print(step, repr(float(loss)))

print("GNORMS", len(GNORMS), GNORMS[:2])

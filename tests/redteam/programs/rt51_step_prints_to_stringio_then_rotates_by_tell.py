"""An in-memory training log with rotation done by the step itself: the step prints a
line to LOG (an io.StringIO) with `print(..., file=LOG)`, then asks `LOG.tell()`; when
the log has passed 160 characters it appends the log's text to ARCHIVE (a list), and
empties it with `LOG.seek(0)` and `LOG.truncate()`, then prints a marker line into the
fresh log.  Probes: a step that reads back the state of a stream it printed to in the
same call (position, contents) and changes it: what the archive holds, the positions
seen, the final log."""
import random

import numpy

random.seed(5128)
numpy.random.seed(5128)

import io
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5128)
rng = np.random.default_rng(5128)

XS = rng.normal(size=(60, 3)).astype(np.float32)
YS = (XS @ np.array([1.0, 2.0, 3.0], np.float32) * 0.1).astype(np.float32)
W = tf.Variable(tf.zeros((3,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.1)
LOG = io.StringIO()
ARCHIVE = []
POSITIONS = []


def train_step(step, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x, W) - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    print(f"step={step} loss={float(loss):.6e}", file=LOG)
    pos = LOG.tell()
    POSITIONS.append(pos)
    if pos > 160:
        ARCHIVE.append(LOG.getvalue())
        LOG.seek(0)
        LOG.truncate()
        print(f"-- rotated at {step}", file=LOG)
    return loss


for step in range(36):
    i = (step * 5) % 55
    loss = train_step(step, tf.constant(XS[i:i + 5]), tf.constant(YS[i:i + 5]))
    print(step, repr(float(loss)), POSITIONS[-1], len(ARCHIVE))

print("final log:")
print(LOG.getvalue(), end="")
print(json.dumps({"archive": ARCHIVE, "positions": POSITIONS,
                  "w": [repr(float(v)) for v in W.numpy()]}))

"""A class-level monkeypatch of the standard library's logging: at step 10 the program
replaces `logging.Formatter.format` (the method of logging's own class, not of an
instance or a subclass) with a function of its own that delegates to the original and
appends the current value of the variable SCALE_VAR (read with .numpy()).  Every
handler using a plain Formatter now runs the program's code when it emits.  The step
logs its loss, then applies the update and `SCALE_VAR.assign_add(0.01)`: in eager the
patched format runs inside LOG.info, before the assign.  At step 20 the original method
is put back.  Probes: program code reached through a stdlib class's method replaced
mid-run (the handler and formatter objects, their dicts and their classes' names are
unchanged); a converter that checks only instances and the program's own classes
replays the log at commit and the patched format shows the value after the assign."""
import io
import json
import logging

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1961)
rng = np.random.default_rng(1961)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
SCALE_VAR = tf.Variable(1.0)
OPT = keras.optimizers.SGD(learning_rate=0.05)

STREAM = io.StringIO()
HANDLER = logging.StreamHandler(STREAM)
HANDLER.setFormatter(logging.Formatter("%(message)s"))
LOG = logging.getLogger("rt19.classpatch")
LOG.setLevel(logging.INFO)
LOG.addHandler(HANDLER)
LOG.propagate = False
ORIGINAL_FORMAT = logging.Formatter.format


def stamped_format(self, record):
    return f"{ORIGINAL_FORMAT(self, record)} scale={SCALE_VAR.numpy()!r}"


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1) * SCALE_VAR
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    LOG.info("loss %.6f", float(loss))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    SCALE_VAR.assign_add(0.01)
    return loss


for step in range(30):
    if step == 10:
        logging.Formatter.format = stamped_format
    if step == 20:
        logging.Formatter.format = ORIGINAL_FORMAT
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), STREAM.getvalue().splitlines()[-1])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "scale": repr(float(SCALE_VAR.numpy())),
    "iterations": int(OPT.iterations.numpy()),
}))

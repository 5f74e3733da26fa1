"""A stdlib `logging.Formatter` (the class is logging's own) whose `format` method is
replaced on the INSTANCE by the program, at step 10: `FMT.format = stamped`, where
`stamped(record)` formats the message and appends the current value of the variable
SCALE_VAR (read with .numpy()) and a count of formatted records.  The step logs its
loss through a logger whose StreamHandler uses FMT, and only then applies the update
and `SCALE_VAR.assign_add(...)`.  In eager the formatter runs inside logger.info, mid
step, and sees SCALE_VAR before this call's assign.  The handler and formatter classes
are stdlib ones, so a check for "a handler or formatter class of the program's" passes;
the program code is an instance attribute.  Probes: instance-level method overrides on
logging formatters (the contract covers handler emit overrides); a converter that
replays the log at commit runs `stamped` after the assign and prints the new value."""
import io
import json
import logging

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1953)
rng = np.random.default_rng(1953)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
SCALE_VAR = tf.Variable(1.0)
OPT = keras.optimizers.SGD(learning_rate=0.05)

STREAM = io.StringIO()
FMT = logging.Formatter("%(levelname)s %(message)s")
HANDLER = logging.StreamHandler(STREAM)
HANDLER.setFormatter(FMT)
LOG = logging.getLogger("rt19.formatter")
LOG.setLevel(logging.INFO)
LOG.addHandler(HANDLER)
LOG.propagate = False
FORMATTED = []
BASE_FORMAT = FMT.format


def stamped(record):
    FORMATTED.append(float(SCALE_VAR.numpy()))
    return f"{BASE_FORMAT(record)} | scale={SCALE_VAR.numpy()!r} n={len(FORMATTED)}"


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
        FMT.format = stamped
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(FORMATTED))

lines = STREAM.getvalue().splitlines()
for line in lines:
    print(line)
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "scale": repr(float(SCALE_VAR.numpy())),
    "formatted": [repr(v) for v in FORMATTED],
    "iterations": int(OPT.iterations.numpy()),
}))

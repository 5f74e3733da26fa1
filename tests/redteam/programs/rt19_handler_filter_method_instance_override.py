"""`Handler.handle(record)` calls `self.filter(record)` (Filterer.filter) before
emitting.  At step 10 the program sets `HANDLER.filter = gate` on the INSTANCE (not
`addFilter`: the handler's `filters` list stays empty): `gate(record)` reads the
variable GATE_VAR with .numpy(), lets the record through only while it is below 1.05,
and counts what it saw.  The step logs its loss, then applies the update and
`GATE_VAR.assign_add(0.01)`.  In eager the gate runs inside LOG.info, mid step, before
the assign, so the record of the call that moves GATE_VAR past 1.05 is still emitted.
Probes: program code reached through an instance attribute shadowing a logging method
(Filterer.filter) while the handler's filters list and class look untouched; a converter
that replays the log at commit runs the gate after the assign (one record fewer) or
never runs it."""
import io
import json
import logging

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1959)
rng = np.random.default_rng(1959)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
GATE_VAR = tf.Variable(1.0)
OPT = keras.optimizers.SGD(learning_rate=0.05)

STREAM = io.StringIO()
HANDLER = logging.StreamHandler(STREAM)
HANDLER.setFormatter(logging.Formatter("%(message)s"))
LOG = logging.getLogger("rt19.handlerfilter")
LOG.setLevel(logging.INFO)
LOG.addHandler(HANDLER)
LOG.propagate = False
SEEN = []


def gate(record):
    value = float(GATE_VAR.numpy())
    SEEN.append(repr(value))
    return value < 1.05


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1) * GATE_VAR
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    LOG.info("loss %.6f", float(loss))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    GATE_VAR.assign_add(0.01)
    return loss


for step in range(30):
    if step == 10:
        HANDLER.filter = gate
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(SEEN), len(STREAM.getvalue().splitlines()))

del HANDLER.filter
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "gate": repr(float(GATE_VAR.numpy())),
    "seen": SEEN,
    "emitted": STREAM.getvalue().splitlines(),
    "iterations": int(OPT.iterations.numpy()),
}))

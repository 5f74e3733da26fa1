"""A Keras Dense layer whose activation is a program object (`LeakyGate`) with a logging
`__call__` and logging `__eq__`/`__hash__` (which Keras may or may not consult): Keras
calls the object from its own code on every forward pass, so each step's log shows the
activation calls eager makes (one per layer call).  The step itself also hashes the
activation into a per-activation dict of loss weights (`WEIGHTS[layer.activation]`)
and compares it with `==` to a reference gate.  Between steps the loop changes the
gate's slope (a field its `__call__` reads), replaces `LeakyGate.__call__` on the
class, and swaps the layer's activation attribute for another gate object.
Probes: a program callable with observable dunders called by Keras from inside a
converted step, plus the step's own hash/eq of it."""
import random

import numpy

random.seed(4929)
numpy.random.seed(4929)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4929)
rng = np.random.default_rng(4929)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.maximum(XS[:, :1], 0.0) - 0.3 * XS[:, 1:2]).astype(np.float32)

LOG = []


class LeakyGate:
    def __init__(self, name, slope):
        self.name = name
        self.slope = slope

    def __call__(self, x):
        LOG.append(("act", self.name, self.slope))
        return tf.where(x > 0, x, self.slope * x)

    def __eq__(self, other):
        LOG.append(("eq", self.name, getattr(other, "name", "?")))
        return isinstance(other, LeakyGate) and self.slope == other.slope

    def __hash__(self):
        LOG.append(("hash", self.name))
        return int(self.slope * 1000)


GATE = LeakyGate("g1", 0.1)
REF = LeakyGate("ref", 0.1)
WEIGHTS = {GATE: 1.0}
del LOG[:]
HIDDEN = keras.layers.Dense(6, activation=GATE)
MODEL = keras.Sequential([keras.Input((4,)), HIDDEN, keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    act = HIDDEN.activation
    w = WEIGHTS.get(act, 0.5)
    matches = act == REF
    with tf.GradientTape() as tape:
        loss = w * tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, matches


for step in range(30):
    if step == 6:
        GATE.slope = 0.2
    if step == 11:
        def call_softer(self, x):
            LOG.append(("act_soft", self.name))
            return tf.where(x > 0, x, self.slope * x * 0.5)
        LeakyGate.__call__ = call_softer
    if step == 16:
        HIDDEN.activation = LeakyGate("g2", 0.1)
    if step == 21:
        REF.slope = 0.3
        WEIGHTS[HIDDEN.activation] = 2.0
    if step == 26:
        HIDDEN.activation = GATE
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, matches = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), matches, LOG[n0:])

print(json.dumps({"k": [repr(float(v)) for v in HIDDEN.kernel.numpy().ravel()[:8]],
                  "log_len": len(LOG)}))

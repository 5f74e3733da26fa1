"""Gradient/variable pairs wrapped in a `GradPairs` object made inside the step, whose
`__iter__` is a generator that logs when it starts and per pair, and whose
`__contains__` and `__len__` log.  The step hands the object straight to Keras'
`optimizer.apply_gradients` (Keras calls `list()` on it, running the program's
generator from library code), tests `"bias" in pairs` and `len(pairs)`, and also
iterates a global `FrozenNames` object with its own logging `__iter__`/`__contains__`
to decide which variables are frozen.  The loop changes the frozen names and
monkeypatches `GradPairs.__iter__` to skip a pair mid-run.
Probes: the program's `__iter__` run by library code (apply_gradients) and by the step,
and `__contains__`/`__len__` calls, against eager's log order."""
import random

import numpy

random.seed(4909)
numpy.random.seed(4909)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4909)
rng = np.random.default_rng(4909)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 2.0 - XS[:, 2:3] + 0.3).astype(np.float32)

LOG = []


class GradPairs:
    def __init__(self, grads, variables, names):
        self.grads = grads
        self.variables = variables
        self.names = names

    def __iter__(self):
        LOG.append(("iter", len(self.grads)))
        for g, v, n in zip(self.grads, self.variables, self.names):
            LOG.append(("pair", n))
            yield g, v

    def __contains__(self, name):
        LOG.append(("contains", name))
        return name in self.names

    def __len__(self):
        LOG.append(("len",))
        return len(self.grads)


class FrozenNames:
    def __init__(self, names):
        self.names = list(names)

    def __iter__(self):
        LOG.append(("frozen_iter",))
        return iter(self.names)

    def __contains__(self, name):
        LOG.append(("frozen_has", name))
        return name in self.names


FROZEN = FrozenNames([])
W = tf.Variable(tf.zeros((4, 1)), name="kernel")
B = tf.Variable(tf.zeros((1,)), name="bias")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    grads, variables, names = [], [], []
    for g, v, n in ((gw, W, "kernel"), (gb, B, "bias")):
        if n in FROZEN:
            continue
        grads.append(g)
        variables.append(v)
        names.append(n)
    pairs = GradPairs(grads, variables, names)
    if "bias" in pairs:
        LOG.append(("has_bias", len(pairs)))
    OPT.apply_gradients(pairs)
    frozen_list = [n for n in FROZEN]
    return loss, len(frozen_list)


for step in range(30):
    if step == 8:
        FROZEN.names.append("bias")
    if step == 13:
        FROZEN.names = []
    if step == 17:
        def iter_first_only(self):
            LOG.append(("iter_first",))
            yield self.grads[0], self.variables[0]
        GradPairs.__iter__ = iter_first_only
    if step == 22:
        FROZEN.names = ["kernel"]
    if step == 26:
        FROZEN.names = []
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, nf = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), nf, LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "b": repr(float(B.numpy()[0])),
                  "iters": int(OPT.iterations.numpy()), "log_len": len(LOG)}))

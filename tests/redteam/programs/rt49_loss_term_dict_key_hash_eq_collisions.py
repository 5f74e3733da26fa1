"""Loss terms used as dict keys and set members inside the step: a `LossTerm` class whose
`__hash__` and `__eq__` log every call.  A global dict WEIGHTS maps terms to weights and
a set ACTIVE holds the enabled ones; two terms share a hash so lookups probe past a
collision and call `__eq__`.  The step is handed, by argument, either the very key object
or an equal-but-distinct one (so CPython's identity shortcut decides whether `__eq__`
runs), looks it up (`WEIGHTS[term]`, `term in ACTIVE`, `WEIGHTS.get(term, 0.5)`), and
catches a KeyError after the loop mutates a key's hash field so that its stored hash no
longer matches.  Probes: the exact sequence of user `__hash__`/`__eq__` calls made by
dict and set lookups in a converted step."""
import random

import numpy

random.seed(4902)
numpy.random.seed(4902)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4902)
rng = np.random.default_rng(4902)
XS = rng.normal(size=(80, 3)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)

LOG = []


class LossTerm:
    def __init__(self, name, bucket):
        self.name = name
        self.bucket = bucket

    def __hash__(self):
        LOG.append(("hash", self.name))
        return self.bucket

    def __eq__(self, other):
        LOG.append(("eq", self.name, getattr(other, "name", "?")))
        if not isinstance(other, LossTerm):
            return NotImplemented
        return self.name == other.name


MSE = LossTerm("mse", 11)
L1 = LossTerm("l1", 11)      # collides with MSE
REG = LossTerm("reg", 29)
WEIGHTS = {MSE: 1.0, L1: 0.25, REG: 0.01}
ACTIVE = {MSE, REG}
del LOG[:]

W1 = tf.Variable(tf.random.normal((3, 6), seed=1) * 0.4)
W2 = tf.Variable(tf.random.normal((6, 1), seed=2) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, term):
    try:
        w_main = WEIGHTS[term]
    except KeyError:
        LOG.append(("missing", term.name))
        w_main = 0.5
    w_l1 = WEIGHTS.get(L1, 0.0)
    use_reg = REG in ACTIVE
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        pred = h @ W2
        err = pred - y
        loss = w_main * tf.reduce_mean(tf.square(err)) + w_l1 * tf.reduce_mean(tf.abs(err))
        if use_reg:
            loss = loss + WEIGHTS[REG] * (tf.reduce_sum(tf.square(W1)) + tf.reduce_sum(tf.square(W2)))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    if term in ACTIVE:
        LOG.append(("active", term.name))
    return loss


for step in range(32):
    if step % 3 == 0:
        term = MSE
    elif step % 3 == 1:
        term = LossTerm("mse", 11)
    else:
        term = LossTerm("l1", 11)
    if step == 10:
        ACTIVE.discard(REG)
    if step == 14:
        ACTIVE.add(L1)
    if step == 18:
        MSE.bucket = 12     # stored hash of the MSE key is now stale
    if step == 23:
        WEIGHTS[L1] = 0.5
    if step == 26:
        MSE.bucket = 11
        ACTIVE.add(REG)
    n0 = len(LOG)
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), term)
    print(step, repr(float(loss)), LOG[n0:])

print(json.dumps({"w2": [repr(float(v)) for v in W2.numpy().ravel()], "log_len": len(LOG),
                  "iters": int(OPT.iterations.numpy())}))

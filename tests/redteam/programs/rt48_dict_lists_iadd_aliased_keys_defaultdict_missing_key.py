"""`BUFFERS[key] += [...]` on a module dict whose keys "a" and "b" start as the SAME list
object (so extending one is seen through the other within the same step: the step
reads `len(BUFFERS["b"])` right after extending `BUFFERS["a"]`), plus a
`collections.defaultdict(list)` `DD[f"k{step % 3}"] += [step]` whose keys appear inside
the step, and `BUFFERS["c"] += [...]` inside `try/except KeyError` after the loop deletes
key "c" at step 20 (the handler recreates it).  The loop breaks the alias at step 11
(`BUFFERS["b"] = list(BUFFERS["b"])`), re-aliases it at step 17 the other way round, and
switches which key the step writes (`KEY`).  Probes: dict-item `+=` (BINARY_SUBSCR,
extend, STORE_SUBSCR of the same list) on aliased and missing items."""
import random

import numpy

random.seed(4808)
numpy.random.seed(4808)

import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4808)
rng = np.random.default_rng(4808)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 3:] * 0.7).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.RMSprop(learning_rate=0.01)

_shared = []
BUFFERS = {"a": _shared, "b": _shared, "c": []}
DD = collections.defaultdict(list)
KEY = "a"


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.abs(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    v = float(loss)
    BUFFERS[KEY] += [v]
    nb = len(BUFFERS["b"])
    DD[f"k{step % 3}"] += [step]
    try:
        BUFFERS["c"] += [nb]
        missing = False
    except KeyError:
        BUFFERS["c"] = [-nb]
        missing = True
    return loss, nb, missing


for step in range(32):
    if step == 11:
        BUFFERS["b"] = list(BUFFERS["b"])
    if step == 14:
        KEY = "b"
    if step == 17:
        BUFFERS["a"] = BUFFERS["b"]
        KEY = "a"
    if step == 20 or step == 27:
        del BUFFERS["c"]
    i = (step * 8) % 64
    loss, nb, missing = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), nb, missing, len(BUFFERS["a"]), len(BUFFERS["b"]), BUFFERS["a"] is BUFFERS["b"],
          BUFFERS["a"] is _shared, BUFFERS["c"][-2:], sorted(DD), [len(v) for v in DD.values()])

print(json.dumps({"a": [repr(v) for v in BUFFERS["a"][-4:]], "b": [repr(v) for v in BUFFERS["b"][-4:]],
                  "shared": [repr(v) for v in _shared[-4:]], "c": BUFFERS["c"], "dd": dict(DD),
                  "keys": list(BUFFERS), "w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))

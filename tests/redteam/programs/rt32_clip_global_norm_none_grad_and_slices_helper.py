"""A helper of the program's takes the gradient list (an IndexedSlices for a gathered
table, a dense one, and None for a variable the loss does not use until step 8), filters
out None, clips with tf.clip_by_global_norm, and returns a dict name -> grad plus the
norm; the step stores the dict's keys in a Python list and applies RMSprop(momentum) to
the pairs present.  From step 8 the unused variable enters the loss.  Probes: None
gradients next to IndexedSlices through the program's helpers and dicts, variable set
of apply_gradients changing mid-run."""
import random

import numpy

random.seed(29)
numpy.random.seed(29)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2929)
rng = np.random.default_rng(2929)
TABLE = tf.Variable(rng.normal(size=(10, 3)).astype(np.float32) * 0.5, name="table")
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.5, name="w")
BIAS = tf.Variable(np.zeros((1,), np.float32), name="bias")
VARS = [TABLE, W, BIAS]
OPT = keras.optimizers.RMSprop(learning_rate=0.02, momentum=0.5)
OPT.build(VARS)
USE_BIAS = False
KEYS = []


def clip_named(grads, names, limit):
    pairs = [(n, g) for n, g in zip(names, grads) if g is not None]
    clipped, gn = tf.clip_by_global_norm([g for _, g in pairs], limit)
    return {n: c for (n, _), c in zip(pairs, clipped)}, gn


def train_step(ids, y):
    with tf.GradientTape() as tape:
        p = tf.reduce_mean(tf.gather(TABLE, ids), axis=1) @ W
        if USE_BIAS:
            p = p + BIAS
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    named, gn = clip_named(grads, ["table", "w", "bias"], 0.5)
    KEYS.append(",".join(sorted(named)))
    OPT.apply_gradients([(named[v.name.split(":")[0]], v) for v in VARS if v.name.split(":")[0] in named])
    return loss, gn


for step in range(30):
    if step == 8:
        USE_BIAS = True
    ids = rng.integers(0, 10, size=(6, 2)).astype(np.int32)
    y = rng.normal(size=(6, 1)).astype(np.float32)
    loss, gn = train_step(tf.constant(ids), tf.constant(y))
    print(step, repr(float(loss)), repr(float(gn)), KEYS[-1])

print(json.dumps({
    "vars": [[repr(float(x)) for x in v.numpy().ravel()] for v in VARS],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "keys": KEYS,
}))

"""A from_generator dataset whose Python generator validates each record and raises
ValueError on a corrupt one (record 17 of 60) and counts, in a Python dict, the records
it produced.  The training step pulls with `next(ITER)` inside `try/except
(tf.errors.InvalidArgumentError, tf.errors.UnknownError, ValueError)`; after the
generator raised, later pulls end the iterator, so the step then raises StopIteration,
which the loop catches and answers by making a fresh iterator (a new generator run that
skips records up to the corrupt one).  Probes: Python code inside tf.data that raises
when a hot step pulls, the error class and text the step sees, the generator's counters
read after each call, restarting, the weights."""
import random

import numpy

random.seed(65)
numpy.random.seed(65)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6516)
rng = np.random.default_rng(6516)
N = 60
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 1:2]).astype(np.float32)
GEN = {"made": 0, "runs": 0, "start": 0}
CORRUPT = {17, 41}


def records():
    GEN["runs"] += 1
    for k in range(GEN["start"], N):
        if k in CORRUPT:
            GEN["start"] = k + 1
            raise ValueError(f"corrupt record {k}")
        GEN["made"] += 1
        yield np.int32(k), XS[k], YS[k]


def make_iter():
    ds = tf.data.Dataset.from_generator(records, output_signature=(
        tf.TensorSpec((), tf.int32), tf.TensorSpec((3,), tf.float32), tf.TensorSpec((1,), tf.float32)))
    opts = tf.data.Options()
    opts.autotune.enabled = False
    opts.experimental_optimization.inject_prefetch = False
    return iter(ds.batch(2).with_options(opts))


ITER = make_iter()
MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(5, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
ERRORS = []


def train_step():
    try:
        ids, x, y = next(ITER)
    except (tf.errors.InvalidArgumentError, tf.errors.UnknownError, ValueError) as e:
        ERRORS.append(type(e).__name__)
        print("  pull failed:", type(e).__name__, "corrupt record" in str(e))
        return None
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return ids, loss


for step in range(40):
    try:
        out = train_step()
    except StopIteration:
        ITER = make_iter()
        print(step, "restart", GEN)
        continue
    if out is None:
        print(step, "error", GEN)
    else:
        ids, loss = out
        print(step, ids.numpy().tolist(), repr(float(loss)), GEN)

print(json.dumps({
    "gen": GEN, "errors": ERRORS,
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))

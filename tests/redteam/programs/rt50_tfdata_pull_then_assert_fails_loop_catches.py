"""A linear classifier whose training step pulls its own batch from a global tf.data
iterator (`next(ITER)`, batches of 6 from a shuffled dataset with a fixed seed) and then
checks the batch with `tf.debugging.assert_less(tf.reduce_max(x), 4.0)` before the
forward pass.  A few rows hold outliers (9.0), so some batches fail the check after
they were pulled; the Python loop catches InvalidArgumentError, prints it and goes on
to the next step, where the step pulls the NEXT batch.  Each batch carries row ids,
printed every step.  Probes: an iterator pull followed by a failing check in the same
hot step (the batch must be consumed exactly once, the update not made), the ids seen,
counters and weights."""
import random

import numpy

random.seed(51)
numpy.random.seed(51)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5102)
rng = np.random.default_rng(5102)
N = 264
XS = rng.normal(size=(N, 5)).astype(np.float32)
for bad in (17, 58, 59, 131, 200):
    XS[bad, 1] = 9.0
YS = (XS[:, :1] - XS[:, 2:3] > 0).astype(np.float32)
IDS = np.arange(N, dtype=np.int32)

DS = (tf.data.Dataset.from_tensor_slices((IDS, XS, YS))
      .shuffle(64, seed=7, reshuffle_each_iteration=False)
      .batch(6))
ITER = iter(DS)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)
LOSS = keras.losses.BinaryCrossentropy(from_logits=True)
COUNT = {"pulled": 0, "trained": 0}


def train_step():
    ids, x, y = next(ITER)
    COUNT["pulled"] += 1
    tf.debugging.assert_less(tf.reduce_max(x), 4.0, message="outlier in batch")
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x, training=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    COUNT["trained"] += 1
    return ids, loss


failures = []
for step in range(40):
    try:
        ids, loss = train_step()
    except tf.errors.InvalidArgumentError as e:
        failures.append(step)
        print(step, "check failed", "outlier in batch" in str(e), COUNT)
        continue
    print(step, repr(float(loss)), ids.numpy().tolist(), COUNT)

print(json.dumps({
    "failures": failures,
    "count": COUNT,
    "iterations": int(OPT.iterations.numpy()),
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "next_ids": next(ITER)[0].numpy().tolist(),
}))

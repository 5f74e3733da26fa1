"""Mixup training: the step pulls two batches from a global iterator, `a = next(ITER)`
then `b = next(ITER)`, and mixes them with a Python float lambda drawn from `random`.
The dataset has an odd number of batches (11 batches of 4 from 43 rows, the last one
partial), so at the end of each epoch the second pull raises StopIteration after the
first succeeded: the step catches it, trains on the first batch alone (counting it in
a Python dict), and sets a flag that makes the loop build a new iterator.  Probes: a
StopIteration at the second pull of a call whose first pull succeeded (the first batch
must be used, not lost), the partial batch, the random draws, Python counters and the
weights."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5809)
rng = np.random.default_rng(5809)
N = 43
XS = rng.normal(size=(N, 6)).astype(np.float32)
YS = (XS[:, :3].sum(axis=1, keepdims=True) > 0).astype(np.float32)
IDS = np.arange(N, dtype=np.int32)
DS = tf.data.Dataset.from_tensor_slices((IDS, XS, YS)).batch(4)
ITER = iter(DS)

MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(1, activation="sigmoid")])
OPT = keras.optimizers.SGD(learning_rate=0.2)
BCE = keras.losses.BinaryCrossentropy()
STATE = {"mixed": 0, "alone": 0, "ended": False}
LAMS = []


def train_step():
    ia, xa, ya = next(ITER)
    try:
        ib, xb, yb = next(ITER)
    except StopIteration:
        STATE["alone"] += 1
        STATE["ended"] = True
        x, y = xa, ya
        tag = int(ia[0])
    else:
        if xb.shape[0] != xa.shape[0]:
            n = min(xa.shape[0], xb.shape[0])
            xa, ya, xb, yb = xa[:n], ya[:n], xb[:n], yb[:n]
        lam = random.random()
        LAMS.append(round(lam, 6))
        x = lam * xa + (1.0 - lam) * xb
        y = lam * ya + (1.0 - lam) * yb
        STATE["mixed"] += 1
        tag = int(ia[0]) * 100 + int(ib[0])
    with tf.GradientTape() as tape:
        loss = BCE(y, MODEL(x))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return tag, loss


for step in range(40):
    try:
        tag, loss = train_step()
    except StopIteration:
        print(step, "empty at first pull")
        ITER = iter(DS)
        continue
    print(step, tag, repr(float(loss)), STATE)
    if STATE["ended"]:
        STATE["ended"] = False
        ITER = iter(DS)

print(json.dumps({
    "state": STATE,
    "lams": LAMS,
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()],
}))

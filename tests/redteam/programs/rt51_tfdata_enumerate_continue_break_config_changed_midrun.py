"""Micro-batch accumulation over a tf.data iterator: the step runs
`for i, b in enumerate(it):` and checks `if i >= CFG["k"]: break` at the top of the body
(the element of that iteration is pulled and dropped), and `continue`s past odd i when
CFG["skip_odd"] is set (those elements are pulled but not trained on).  The loop changes
CFG mid-run: k 3 -> 2 at step 10, skip_odd on at step 16, k 4 at step 22, skip_odd off
at step 28.  Probes: enumerate() over a tf.data iterator with a break before use and
continue, both decided by Python state the loop outside changes: which ids are used,
dropped and skipped per call."""
import random

import numpy

random.seed(5106)
numpy.random.seed(5106)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5106)
rng = np.random.default_rng(5106)

N = 64
XS = rng.normal(size=(N, 2, 3)).astype(np.float32)
YS = (XS.sum(axis=2) * 0.3).astype(np.float32)
IDS = np.arange(N * 2, dtype=np.int64).reshape(N, 2)
DS = tf.data.Dataset.from_tensor_slices((IDS, XS, YS)).repeat()
IT = iter(DS)

W = tf.Variable(tf.zeros((3,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.05)
CFG = {"k": 3, "skip_odd": False}
DROPPED = []


def train_step(it):
    used, skipped = [], []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        for i, (ids, x, y) in enumerate(it):
            if i >= CFG["k"]:
                DROPPED.append(int(ids[0]))
                break
            if i % 2 == 1 and CFG["skip_odd"]:
                skipped.append(int(ids[0]))
                continue
            used.append(int(ids[0]))
            loss = loss + tf.reduce_mean(tf.square(tf.linalg.matvec(x, W) - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, used, skipped


for step in range(34):
    if step == 10:
        CFG["k"] = 2
    if step == 16:
        CFG["skip_odd"] = True
    if step == 22:
        CFG["k"] = 4
    if step == 28:
        CFG["skip_odd"] = False
    loss, used, skipped = train_step(IT)
    print(step, CFG["k"], CFG["skip_odd"], "used", used, "skipped", skipped, repr(float(loss)))

print(json.dumps({
    "dropped": DROPPED,
    "w": [repr(float(v)) for v in W.numpy()],
    "next_id": int(next(IT)[0][0]),
    "iterations": int(OPT.iterations.numpy()),
}))

"""Inside one step, the value returned by a variable update is read only after a later
update of the same variable: `e = RUN.assign(RUN * 0.9 + loss * 0.1)` then
`RUN.assign_sub(RUN * SHRINK)`, then `report = e * 100.0` and `float(e)`.  Eagerly `e`
is an `_UnreadVariable` that reads RUN when used, so `report` sees the value after the
second update; likewise `c = CNT.assign_add(1)` followed by `CNT.assign(CNT % 5)` and
then `int(c)`.  The loss of the next call adds `0.01 * RUN`.  The loop changes SHRINK at
step 14 and prints everything.  Probes: the read time of a lazily read update result
(program order of the read versus a later assign in the same call), through Python
numbers and through tensor arithmetic."""
import random

import numpy

random.seed(570)
numpy.random.seed(570)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(570)
rng = np.random.default_rng(570)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + XS[:, 3:4]).astype(np.float32)

W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
RUN = tf.Variable(1.0)
CNT = tf.Variable(0, dtype=tf.int32)
OPT = keras.optimizers.SGD(0.05)
SHRINK = 0.1


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + 0.01 * RUN
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    e = RUN.assign(RUN * 0.9 + loss * 0.1)
    RUN.assign_sub(RUN * SHRINK)
    report = e * 100.0
    c = CNT.assign_add(1)
    CNT.assign(CNT % 5)
    return loss, report, float(e), int(c)


for step in range(30):
    if step == 14:
        SHRINK = 0.5
    i = (step * 8) % 152
    loss, report, ef, ci = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(report)), repr(ef), ci, repr(float(RUN.numpy())), int(CNT.numpy()))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "run": repr(float(RUN.numpy()))}))

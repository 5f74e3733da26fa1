"""The step builds a typed log record from values it computes (`float(loss)`,
`int(hits)`, `bool(loss < 0.5)`) and tags each value with a kind derived from
`value.__class__` (`"f" if v.__class__ is float else "i" if v.__class__ is int else ...`),
the spelling serialisers use; the kind also picks the scale applied to the update
(float-tagged records take the full step).  Eager's `__class__` of these values is
float, int and bool.  At step 10 the loop switches which statistic is logged as the
"main" value (an int count instead of the float loss).  Probes: the `__class__`
attribute (rather than type()) of Python numbers the graph computes."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2527)
rng = np.random.default_rng(2527)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)


class Cfg:
    main = "loss"


RECORDS = []


def kind_of(v):
    if v.__class__ is bool:
        return "b"
    if v.__class__ is int:
        return "i"
    if v.__class__ is float:
        return "f"
    return "?"


def train_step(x, y):
    with tf.GradientTape() as tape:
        res = x @ W - y
        loss = tf.reduce_mean(tf.square(res))
    g = tape.gradient(loss, W)
    hits = int(tf.reduce_sum(tf.cast(tf.abs(res) < 0.5, tf.int32)))
    good = bool(loss < 0.5)
    main = float(loss) if Cfg.main == "loss" else hits
    kinds = kind_of(main) + kind_of(hits) + kind_of(good)
    W.assign_sub((0.05 if kinds[0] == "f" else 0.02) * g)
    RECORDS.append(kinds)
    return loss


for step in range(22):
    if step == 10:
        Cfg.main = "hits"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), RECORDS[-1])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "records": RECORDS}))

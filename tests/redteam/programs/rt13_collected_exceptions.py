"""Exceptions caught in the step are collected for an end-of-run report; a feature column
disappears from the schema mid-run.

The step looks up an optional feature column in the global schema dict
FEATURE_INDEX; when the column is missing it catches the KeyError, keeps the exception
object in ERRORS (to report later, like a data-quality summary does) and trains without
that column.  At step 10 the column "bonus" is dropped from the schema, at step 20 it
comes back.  The end-of-run report inspects the collected objects the way such reports
do: how many distinct exception objects there are, their repr, and where they were
raised (`e.__traceback__`: frame name and line number) -- all plain Python state the
step touched.  Eager stores ten distinct KeyError objects, each carrying the traceback
of its raise in train_step.  A converted handler that re-creates the exception object
at commit (or shares one object between calls) would store objects without a traceback,
or the same object several times.  Probes: exception objects escaping a converted
handler into Python state (identity, __traceback__, __context__).
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1314)
rng = np.random.default_rng(1314)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 4:5]).astype(np.float32)

FEATURE_INDEX = {"age": 0, "tenure": 1, "bonus": 4}
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
WX = tf.Variable(tf.zeros((1, 1)))
OPT = keras.optimizers.SGD(learning_rate=0.1)
ERRORS = []


def train_step(x, y):
    base = x[:, :4]
    try:
        col = FEATURE_INDEX["bonus"]
        extra = x[:, col:col + 1]
    except KeyError as e:
        ERRORS.append(e)
        extra = tf.zeros_like(x[:, :1])
    with tf.GradientTape() as tape:
        pred = base @ W + extra @ WX
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W, WX])
    OPT.apply_gradients(zip(grads, [W, WX]))
    return loss


saved = None
for step in range(30):
    if step == 10:
        saved = FEATURE_INDEX.pop("bonus")
    if step == 20:
        FEATURE_INDEX["bonus"] = saved
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(ERRORS))

tbs = [e.__traceback__ for e in ERRORS]
print(json.dumps({
    "n_errors": len(ERRORS),
    "distinct_objects": len({id(e) for e in ERRORS}),
    "reprs": sorted(set(repr(e) for e in ERRORS)),
    "types": sorted(set(type(e).__name__ for e in ERRORS)),
    "have_traceback": [tb is not None for tb in tbs],
    "raised_in": sorted(set(tb.tb_frame.f_code.co_name for tb in tbs if tb is not None)),
    "lines": sorted(set(tb.tb_lineno for tb in tbs if tb is not None)),
    "context_none": all(e.__context__ is None for e in ERRORS),
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "WX": repr(float(WX.numpy()[0, 0])),
}))

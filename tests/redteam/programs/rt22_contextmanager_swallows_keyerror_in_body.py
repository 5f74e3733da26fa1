"""Probes an exception raised inside the with-body of a @contextlib.contextmanager
helper and handled by the helper's generator.  `tolerant(stats, name)` yields inside
`try: ... except KeyError: stats[name] += 1` with no re-raise, so contextlib's __exit__
throws the KeyError into the generator, which catches it and finishes: __exit__ returns
True and the exception is suppressed; the rest of the with-body does *not* run (its
extra loss term and its log append are skipped) and the code after the with continues.
The body looks up per-head coefficients in COEFS by name; the loop removes the "aux"
key at step 9 (KeyError from then on), puts it back at step 18, removes "main" at step
26 (the first lookup then fails and nothing of the body runs).  A graph that ran the
whole body, or the generator's except at the wrong point, would train other weights
and print other counters."""
import contextlib
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2231)
np.random.seed(2231)
keras.utils.set_random_seed(2231)
rng = np.random.default_rng(2231)

XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.5 + XS[:, 2:3] * XS[:, 3:4]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
COEFS = {"main": 1.0, "aux": 0.3}
STATS = {"aux": 0, "main": 0}
LOG = []


@contextlib.contextmanager
def tolerant(stats, name):
    try:
        yield
    except KeyError:
        stats[name] += 1


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
        with tolerant(STATS, "main"):
            loss = loss * COEFS["main"]
            with tolerant(STATS, "aux"):
                loss = loss + COEFS["aux"] * tf.reduce_mean(tf.abs(pred))
                LOG.append("aux")
            LOG.append("main")
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 9:
        del COEFS["aux"]
    if step == 18:
        COEFS["aux"] = 0.6
    if step == 26:
        del COEFS["main"]
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), STATS, LOG[-2:], len(LOG))

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "stats": STATS, "log": len(LOG),
}))

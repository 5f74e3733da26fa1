"""Probes a @contextlib.contextmanager function used as a *decorator* on a helper the
step calls (`@override(SETTINGS, "temp", TEMPS)`).  contextlib's ContextDecorator
re-creates the context manager at every call from the (func, args, kwds) it stored when
the decorator was applied (`_recreate_cm`), so the generator runs at each call with the
same argument objects -- here the program's dict SETTINGS and list TEMPS, which the loop
edits in place: at step 9 TEMPS gets another first item, at step 17 SETTINGS gains
"floor", at step 26 TEMPS is emptied (the generator then takes its `else` path).  The
generator sets SETTINGS["temp"] for the duration of the call and restores it in a
finally; the helper reads it.  The decorated helper is stdlib code (contextlib's
`inner`) wrapping the program's generator: a graph that froze what the generator read
at build time, or that skipped the restore, would print other temperatures."""
import contextlib
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2208)
np.random.seed(2208)
keras.utils.set_random_seed(2208)
rng = np.random.default_rng(2208)

XS = rng.normal(size=(80, 5)).astype(np.float32)
LABELS = rng.integers(0, 3, size=80)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(12, activation="relu"), keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
SETTINGS = {"temp": 1.0}
TEMPS = [2.0, 1.5]
SEEN = []


@contextlib.contextmanager
def override(settings, key, values):
    old = settings[key]
    if values:
        settings[key] = values[0]
    else:
        settings[key] = old * 0.5
    try:
        yield
    finally:
        settings[key] = old


@override(SETTINGS, "temp", TEMPS)
def tempered_logits(logits):
    t = SETTINGS["temp"]
    if "floor" in SETTINGS:
        t = max(t, SETTINGS["floor"])
    SEEN.append(t)
    return logits / t


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = tempered_logits(MODEL(x))
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 9:
        TEMPS.insert(0, 3.0)
    if step == 17:
        SETTINGS["floor"] = 2.5
    if step == 26:
        TEMPS.clear()
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(LABELS[i:i + 8]))
    print(step, repr(float(loss)), SEEN[-1], SETTINGS, TEMPS)

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "seen": SEEN,
}))

"""Probe: lifetime of the tensors a step makes, observed through weak references the
program keeps to them.

The step puts its intermediate tensors into a weakref.WeakValueDictionary (`CACHE["pred"]
= pred`, `CACHE["err"] = err`, `CACHE["loss"] = loss`) and returns only the loss. The
loop then checks which keys are still alive: eager frees `pred` and `err` when the step
returns (nothing else holds them), so only "loss" is left while the loop holds it; the
loop then does `del loss` (plus its float) and checks again: empty. Every 5th step the
loop also registers `weakref.finalize(loss, ...)` that prints when the loss tensor dies,
and the print must come right at the `del`. A runtime whose graph outputs, build
records, templates or caches keep any of these tensors alive (or that hands the
program different objects than it put in the dictionary) shows other keys, and the
finalizer prints elsewhere. Mechanism: tensor object lifetime (EagerTensors take weak
references) across a converted call boundary."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1548)
rng = np.random.default_rng(1548)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
CACHE = weakref.WeakValueDictionary()
DEATHS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ W
        err = pred - y
        loss = tf.reduce_mean(tf.square(err))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    CACHE["pred"] = pred
    CACHE["err"] = err
    CACHE["loss"] = loss
    return loss


def died(step):
    DEATHS.append(step)
    print("  loss tensor of step", step, "died")


rows = []
for step in range(30):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    alive = sorted(CACHE.keys())
    same = CACHE.get("loss") is loss
    if step % 5 == 0:
        weakref.finalize(loss, died, step)
    value = round(float(loss), 6)
    print(step, value, "alive after return:", alive, "same object:", same)
    del loss
    after = sorted(CACHE.keys())
    print("   after del:", after)
    rows.append((tuple(alive), same, tuple(after)))

print(json.dumps({"distinct": [list(map(str, r)) for r in sorted(set(rows), key=str)],
                  "deaths": DEATHS, "W": [round(float(v), 6) for v in W.numpy().ravel()]}))

"""Gradient-norm logging that relies on strict iteration helpers: the step pairs the
parameter names in NAMES (a module list the loop edits) with the gradients using
zip(NAMES, grads, strict=True), and groups the gradients per layer with
itertools.batched(grads, PER_LAYER, strict=True) (new in 3.13).  At step 10 the loop
appends a name for a head that is not built yet, at step 18 it removes it, and at step
14 it sets PER_LAYER = 3.  In eager the strict helpers raise ValueError on the length
mismatch; the step catches it, records the message and falls back to plain zip or to one
group.  A graph whose zip/batched ignored `strict` would silently truncate: other norms,
no recorded errors, another gradient scale.  Probes: the strict= keyword of builtins the
step runs on the program's lists."""
import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1632)
rng = np.random.default_rng(1632)

XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) ** 2 * 0.2).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
NAMES = ["dense/kernel", "dense/bias", "out/kernel", "out/bias"]
PER_LAYER = 2
ERRORS = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    try:
        norms = {n: float(tf.norm(g)) for n, g in zip(NAMES, grads, strict=True)}
    except ValueError as e:
        ERRORS.append(f"{step}: {e}")
        norms = {n: float(tf.norm(g)) for n, g in zip(NAMES, grads)}
    try:
        groups = [tf.add_n([tf.reduce_sum(tf.square(g)) for g in grp])
                  for grp in itertools.batched(grads, PER_LAYER, strict=True)]
    except ValueError as e:
        ERRORS.append(f"{step}: {e}")
        groups = [tf.add_n([tf.reduce_sum(tf.square(g)) for g in grads])]
    scale = 1.0 / (1.0 + 0.1 * len(groups))
    OPT.apply_gradients(zip([g * scale for g in grads], model.trainable_variables))
    print(f"norm keys {len(norms)} groups {len(groups)} scale {scale!r}")
    return loss


for step in range(26):
    if step == 10:
        NAMES.append("head/kernel")
    if step == 14:
        PER_LAYER = 3
    if step == 18:
        NAMES.pop()
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)))

print(json.dumps({
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
    "errors": ERRORS,
    "iterations": int(OPT.iterations.numpy()),
}))

"""Probes a functools.partial held by a keras.layers.Lambda (`Lambda(SHIFT)` with
SHIFT = partial(_affine, scale=1.0, bias=0.0)), whose keywords dict the loop edits in
place, as a fine-tuning script does to re-calibrate an output head: step 11 sets
SHIFT.keywords["bias"] = 0.3, step 19 sets SHIFT.keywords["scale"] = 0.5, step 26 adds a
new keyword "clip" (which _affine accepts).  soundness.md says a partial a library object
holds has its keywords dict watched (library code calls it with whatever it holds at
that call).  Eager's Lambda calls the partial with its current keywords at every call; a
graph that kept the keywords it saw at build time would keep the old calibration and
print other losses."""
import functools
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2224)
np.random.seed(2224)
keras.utils.set_random_seed(2224)
rng = np.random.default_rng(2224)

XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :1] + XS[:, 3:4]) * 1.5 + 0.2).astype(np.float32)


def _affine(t, scale=1.0, bias=0.0, clip=None):
    out = t * scale + bias
    if clip is not None:
        out = tf.clip_by_value(out, -clip, clip)
    return out


SHIFT = functools.partial(_affine, scale=1.0, bias=0.0)
MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(10, activation="relu"),
    keras.layers.Dense(1),
    keras.layers.Lambda(SHIFT),
])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 11:
        SHIFT.keywords["bias"] = 0.3
    if step == 19:
        SHIFT.keywords["scale"] = 0.5
    if step == 26:
        SHIFT.keywords["clip"] = 1.0
    i = (step * 10) % 70
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), SHIFT.keywords)

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
}))

"""Gradient clipping configured through an environment variable read in the step.

Many training scripts read switches from the environment in the hot path
(`os.environ.get("CLIP_NORM")`), so that a launcher or a debugging session can change
them.  `os.environ` is an `os._Environ` (a MutableMapping written in Python in the
standard library): `.get()` runs Mapping.get -> _Environ.__getitem__, which encodes the
key and indexes the private `_data` dict.  The step parses the value every call.  At
step 10 the program sets `os.environ["RT13_CLIP_NORM"] = "0.25"` (clipping on), at
step 18 changes it to "4.0", and at step 25 deletes it (clipping off).  The environ
object never changes identity.  Eager reads the mapping at every call.  A graph that ran
the stdlib mapping code natively while building and folded its answer (None) would
never clip.  Probes: stdlib Python mapping code reading a dict the program changes
through another object (os.environ -> _data), at build time.
"""
import json
import os

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1319)
rng = np.random.default_rng(1319)

os.environ.pop("RT13_CLIP_NORM", None)

XS = rng.normal(size=(96, 5)).astype(np.float32) * 2.0
YS = (XS[:, :1] ** 2 - XS[:, 2:3]).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(16, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.02)
CLIPS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    raw = os.environ.get("RT13_CLIP_NORM")
    if raw is not None:
        clip = float(raw)
        grads, _ = tf.clip_by_global_norm(grads, clip)
    else:
        clip = None
    opt.apply_gradients(zip(grads, model.trainable_variables))
    CLIPS.append(clip)
    return loss


for step in range(30):
    if step == 10:
        os.environ["RT13_CLIP_NORM"] = "0.25"
    if step == 18:
        os.environ["RT13_CLIP_NORM"] = "4.0"
    if step == 25:
        del os.environ["RT13_CLIP_NORM"]
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), CLIPS[-1])

print(json.dumps({
    "clips": CLIPS,
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:8]],
}))

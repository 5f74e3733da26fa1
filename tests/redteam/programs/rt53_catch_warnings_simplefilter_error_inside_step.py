"""A step that manages warning filters itself: inside `with warnings.catch_warnings():`
it calls `warnings.simplefilter("error" if strict else "always", UserWarning)`, warns
that it clips gradients, and catches the UserWarning the "error" filter makes (then it
does not clip, and prints the rejection).  After the block it warns a RuntimeWarning
under the program's default filters (shown once per location), and at step 20 the loop
adds `warnings.filterwarnings("ignore", message="clipping")` globally, which the step's
own simplefilter inside catch_warnings overrides.  `strict` is a Python bool argument
that follows a pattern.  Warnings are shown on stdout (sys.stderr is sys.stdout).
Probes: the warnings filter list changed by library calls inside the step and restored
by catch_warnings' exit, the "error" action decided inside the step, and the once-only
registry of a warning after the block."""
import random
import sys

import numpy

random.seed(536)
numpy.random.seed(536)

sys.stderr = sys.stdout

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(536)
rng = np.random.default_rng(536)
XS = (rng.normal(size=(160, 4)) * 3.0).astype(np.float32)
YS = (XS[:, :1] ** 2 * 0.3 - XS[:, 1:2]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.02)
COUNTS = {"clipped": 0, "rejected": 0}


def train_step(x, y, strict):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    with warnings.catch_warnings():
        warnings.simplefilter("error" if strict else "always", UserWarning)
        try:
            warnings.warn("clipping gradients to norm 0.5", UserWarning)
            clip = True
        except UserWarning as w:
            print("  rejected:", w)
            clip = False
    if clip:
        grads = [tf.clip_by_norm(g, 0.5) for g in grads]
        COUNTS["clipped"] += 1
    else:
        COUNTS["rejected"] += 1
    warnings.warn("step finished", RuntimeWarning)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 20:
        warnings.filterwarnings("ignore", message="clipping")
    i = (step * 8) % 152
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step % 5 in (2, 3))
    print(step, repr(float(loss)), COUNTS["clipped"], COUNTS["rejected"], len(warnings.filters))

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "counts": COUNTS}))

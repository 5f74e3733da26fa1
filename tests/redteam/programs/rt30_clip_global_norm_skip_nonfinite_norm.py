"""tf.clip_by_global_norm with a Python clip norm CLIP (1.0, then 0.25 from step 12)
returns the clipped gradients and the global norm; the step skips the update when the
norm is not finite (a Python `if not math.isfinite(float(gn))`) and otherwise records
the largest norm seen in a Python attribute with max().  Batches 8, 15 and 22 carry a
huge target (inf norm, clipped grads are NaN).  Probes: clip_by_global_norm's
non-finite behaviour, a Python branch on a float of it, and max() over carried
floats."""
import math
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5801)
rng = np.random.default_rng(5801)
XS = rng.normal(size=(30, 8, 4)).astype(np.float32)
YS = rng.normal(size=(30, 8, 1)).astype(np.float32)
for b in (8, 15, 22):
    YS[b, 0, 0] = 3e38
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
CLIP = 1.0


class Rec:
    max_norm = 0.0
    skipped = 0


R = Rec()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    clipped, gn = tf.clip_by_global_norm(grads, CLIP)
    g = float(gn)
    if not math.isfinite(g):
        R.skipped += 1
        return loss, gn
    R.max_norm = max(R.max_norm, g)
    OPT.apply_gradients(zip(clipped, model.trainable_variables))
    return loss, gn


for step in range(30):
    if step == 12:
        CLIP = 0.25
    loss, gn = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    print(step, repr(float(loss)), repr(float(gn)), repr(R.max_norm), R.skipped)

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "max": repr(R.max_norm), "skipped": R.skipped, "iters": int(OPT.iterations),
}))

"""Settings kept on a threading.local (per-thread configuration, as TF and Keras keep
theirs): SETTINGS.loss_scale and SETTINGS.clip are set on the main thread before
training; the step reads both (a Python float scale and a clip value for
tf.clip_by_norm) on every call.  The loop changes SETTINGS.loss_scale at step 10 and
step 20, deletes SETTINGS.clip at step 26 (the step then falls back to
`getattr(SETTINGS, "clip", 5.0)`) and sets it again at step 31.  Probes: attributes of
a threading.local read inside the step (its own attribute lookup, per-thread dict),
changed and deleted between steps: losses, clip values used, weights."""
import random

import numpy

random.seed(5130)
numpy.random.seed(5130)

import json
import threading

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5130)
rng = np.random.default_rng(5130)

SETTINGS = threading.local()
SETTINGS.loss_scale = 1.0
SETTINGS.clip = 0.5

XS = rng.normal(size=(70, 3)).astype(np.float32) * 2.0
YS = (XS @ np.array([1.5, -0.5, 2.0], np.float32)).astype(np.float32)
W = tf.Variable(tf.zeros((3,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    scale = SETTINGS.loss_scale
    clip = getattr(SETTINGS, "clip", 5.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x, W) - y)) * scale
    (g,) = tape.gradient(loss, [W])
    g = tf.clip_by_norm(g, clip)
    OPT.apply_gradients([(g, W)])
    return loss, scale, clip


for step in range(36):
    if step == 10:
        SETTINGS.loss_scale = 0.5
    if step == 20:
        SETTINGS.loss_scale = 2.0
    if step == 26:
        del SETTINGS.clip
    if step == 31:
        SETTINGS.clip = 1.0
    i = (step * 5) % 65
    loss, scale, clip = train_step(tf.constant(XS[i:i + 5]), tf.constant(YS[i:i + 5]))
    print(step, scale, clip, repr(float(loss)))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy()], "scale": SETTINGS.loss_scale,
                  "clip": SETTINGS.clip}))

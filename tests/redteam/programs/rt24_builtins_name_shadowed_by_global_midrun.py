"""Mechanism: a name the step reads as a global that the module does not define, so
CPython's LOAD_GLOBAL finds it in the builtins module (the program put GAIN and CLIP
there with `builtins.GAIN = ...`).  Mid-run the program changes where the name resolves:
at step 9 it rebinds builtins.GAIN; at step 16 it defines a module global GAIN that now
shadows the builtin (the builtin stays unchanged); at step 24 it deletes the module global
again (the builtin shows through); and a helper in the step does `global CLIP; CLIP = ...`
at step >= 20, creating the module global during a call.  Eager resolves each read at
every call; a build that guarded only the builtins entry (not the absence from the
module's dict) or only the module dict would train with the wrong gain.
"""
import builtins
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(29)
np.random.seed(29)
keras.utils.set_random_seed(29)
rng = np.random.default_rng(29)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ np.array([[0.4], [0.1], [-0.6], [0.9]], np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.1)

builtins.GAIN = 1.0
builtins.CLIP = 5.0


def set_clip(v):
    global CLIP
    CLIP = v


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        pred = tf.tanh(x @ W) * GAIN
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W])
    grads = [tf.clip_by_value(g, -CLIP, CLIP) for g in grads]
    OPT.apply_gradients(zip(grads, [W]))
    if step >= 20:
        set_clip(CLIP * 0.5)
    return loss, GAIN, CLIP


for step in range(32):
    if step == 9:
        builtins.GAIN = 1.5
    if step == 16:
        globals()["GAIN"] = 0.75
    if step == 24:
        del globals()["GAIN"]
    i = (step * 8) % 56
    loss, g, c = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), repr(g), repr(c), "GAIN" in globals(), "CLIP" in globals())

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "builtin_gain": repr(builtins.GAIN), "builtin_clip": repr(builtins.CLIP),
                  "clip": repr(globals().get("CLIP"))}))

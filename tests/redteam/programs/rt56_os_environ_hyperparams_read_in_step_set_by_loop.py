"""The step reads two knobs from the process environment, as many scripts do for
debugging switches: `float(os.environ.get("RT56_GRAD_SCALE", "1.0"))` and
`os.getenv("RT56_CLIP")` (None when unset, else a float text), and branches on
`"RT56_FREEZE_BIAS" in os.environ`.  The loop sets RT56_GRAD_SCALE at step 7, sets
RT56_CLIP at step 12, changes RT56_GRAD_SCALE at step 17, sets RT56_FREEZE_BIAS at step
21, unsets RT56_CLIP at step 25 and unsets everything at step 29 (os.environ writes go
through putenv into the C environment and into os.environ's own `_data` dict).
Probes: reads of os.environ (a Mapping class of the standard library over a dict of
bytes) inside the step, changed between calls."""
import random

import numpy

random.seed(5621)
numpy.random.seed(5621)

import json
import os

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5621)
rng = np.random.default_rng(5621)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] * 3.0 - XS[:, 1:2] + 1.0).astype(np.float32)

for k in ("RT56_GRAD_SCALE", "RT56_CLIP", "RT56_FREEZE_BIAS"):
    os.environ.pop(k, None)

W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))
B = tf.Variable(np.zeros((1,), np.float32))


def train_step(x, y):
    scale = float(os.environ.get("RT56_GRAD_SCALE", "1.0"))
    clip = os.getenv("RT56_CLIP")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    gw = gw * scale
    if clip is not None:
        gw = tf.clip_by_norm(gw, float(clip))
    W.assign_sub(0.03 * gw)
    if "RT56_FREEZE_BIAS" not in os.environ:
        B.assign_sub(0.03 * gb)
    return loss, scale, clip


for step in range(32):
    if step == 7:
        os.environ["RT56_GRAD_SCALE"] = "0.5"
    if step == 12:
        os.environ["RT56_CLIP"] = "0.75"
    if step == 17:
        os.environ["RT56_GRAD_SCALE"] = "2.0"
    if step == 21:
        os.environ["RT56_FREEZE_BIAS"] = "1"
    if step == 25:
        del os.environ["RT56_CLIP"]
    if step == 29:
        for k in ("RT56_GRAD_SCALE", "RT56_FREEZE_BIAS"):
            del os.environ[k]
    i = (step * 8) % 120
    loss, scale, clip = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), scale, clip, repr(float(B.numpy()[0])))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()],
                  "b": repr(float(B.numpy()[0]))}))

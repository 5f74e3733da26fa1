"""The step reads a debug switch from the environment each call
(`os.environ.get("RT42_GRAD_DEBUG", "0") == "1"`), the way many training scripts
gate expensive diagnostics: when on it prints the gradient norm and clips harder.  The
script flips the variable on at step 12 (`os.environ["RT42_GRAD_DEBUG"] = "1"`) and
off again at step 20 (`del os.environ[...]`), and reads `os.getenv` for a scale
factor set at step 24.  `os.environ` is a stdlib mapping class; janus must not keep
what it read while building."""
import random

import numpy

random.seed(132)
numpy.random.seed(132)

import json
import os

import keras
import numpy as np
import tensorflow as tf

os.environ.pop("RT42_GRAD_DEBUG", None)
os.environ.pop("RT42_SCALE", None)
keras.utils.set_random_seed(4332)
rng = np.random.default_rng(4332)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 3:4] * 3.0).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))


def train_step(x, y):
    debug = os.environ.get("RT42_GRAD_DEBUG", "0") == "1"
    scale = float(os.getenv("RT42_SCALE", "1.0"))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    if debug:
        print("  debug gnorm", f"{float(tf.norm(g)):.5f}")
        g = tf.clip_by_norm(g, 0.5)
    W.assign_sub(0.05 * scale * g)
    return loss


for step in range(30):
    if step == 12:
        os.environ["RT42_GRAD_DEBUG"] = "1"
    if step == 20:
        del os.environ["RT42_GRAD_DEBUG"]
    if step == 24:
        os.environ["RT42_SCALE"] = "0.1"
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

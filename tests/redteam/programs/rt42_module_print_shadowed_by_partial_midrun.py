"""The step prints its progress with the bare name `print`.  At step 12 the script
installs a module-level replacement, `print = functools.partial(builtins.print,
"[rank0]")` (a common way to tag output in distributed scripts), which shadows the
builtin for every function of this module; at step 20 it deletes the module global
again (`del print`), and at step 24 patches `builtins.print` itself with a partial that
uses sep=" | ".  Eagerly each call's LOAD_GLOBAL finds the binding of the moment.
janus must guard the absence of a module global that shadows a builtin, and the
builtin itself."""
import random

import numpy

random.seed(122)
numpy.random.seed(122)

import builtins
import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4322)
rng = np.random.default_rng(4322)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 2.0).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
ORIG_PRINT = builtins.print


def train_step(x, y, k):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    print("step", k, "loss", f"{float(loss):.6f}")
    return loss


for step in range(30):
    if step == 12:
        print = functools.partial(builtins.print, "[rank0]")
    if step == 20:
        del print
    if step == 24:
        builtins.print = functools.partial(ORIG_PRINT, sep=" | ")
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    ORIG_PRINT(step, repr(float(loss)))

builtins.print = ORIG_PRINT
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

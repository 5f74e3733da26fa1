"""The step prints its own progress line with plain `print(...)`.  Mid-run the program
does what distributed training scripts (MAE/DeiT's `setup_for_distributed`) do: at step
6 it replaces `builtins.print` with a closure that only prints on the master rank
(is_master=False: the step's lines vanish), at step 12 it installs it again with
is_master=True (lines come back through the closure, prefixed by rank), at step 18 it
binds a module-level global `print` (a functools.partial of the original with a "[g]"
prefix) that shadows the builtin for this module, at step 24 it deletes that global
again, and at step 28 it restores the original builtin.  The loop's own lines go
through the saved original.  Probes: the step's `print` name resolved through the
module globals and then builtins, both rebound between calls."""
import random

import numpy

random.seed(5610)
numpy.random.seed(5610)

import builtins
import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5610)
rng = np.random.default_rng(5610)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS[:, :1] - 2.0 * XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)

_builtin_print = builtins.print


def setup_for_distributed(is_master, rank):
    def print(*args, **kwargs):
        force = kwargs.pop("force", False)
        if is_master or force:
            _builtin_print(f"[rank{rank}]", *args, **kwargs)
    builtins.print = print


MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    print("inner", step, repr(float(loss)))
    return loss


for step in range(32):
    if step == 6:
        setup_for_distributed(False, 1)
    if step == 12:
        setup_for_distributed(True, 0)
    if step == 18:
        print = functools.partial(_builtin_print, "[g]")
    if step == 24:
        del globals()["print"]
    if step == 28:
        builtins.print = _builtin_print
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    _builtin_print(step, repr(float(loss)), builtins.print is _builtin_print,
                   "print" in globals())

_builtin_print(json.dumps({
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "out": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))

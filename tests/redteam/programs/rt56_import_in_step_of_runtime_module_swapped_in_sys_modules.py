"""Hyper-parameters live in a module object the program creates at run time
(`types.ModuleType("rt56_hparams")` registered in `sys.modules`), and the step imports
it by name on every call (`import rt56_hparams as hp`, `from rt56_hparams import SCALE`),
reading `hp.LR`, `SCALE` and `getattr(hp, "EXTRA", 0.0)`.  Mid-run the program swaps the
`sys.modules` entry for a different module object at step 9, sets an attribute on the
current module at step 14, deletes `EXTRA` at step 19, and at step 24 puts `None` in
`sys.modules` (the import then raises ImportError, which the step catches and falls back
to defaults), restoring a module at step 29.  Probes: `import` inside a converted step,
resolved through sys.modules, whose entry is replaced between calls."""
import random

import numpy

random.seed(5629)
numpy.random.seed(5629)

import json
import sys
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5629)
rng = np.random.default_rng(5629)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 2:3] - 0.5 * XS[:, 1:2]).astype(np.float32)


def make_module(lr, scale, extra=None):
    m = types.ModuleType("rt56_hparams")
    m.LR = lr
    m.SCALE = scale
    if extra is not None:
        m.EXTRA = extra
    return m


sys.modules["rt56_hparams"] = make_module(0.05, 1.0, extra=0.5)
MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])


def train_step(x, y):
    try:
        import rt56_hparams as hp
        from rt56_hparams import SCALE
        lr = hp.LR
        extra = getattr(hp, "EXTRA", 0.0)
    except ImportError:
        lr, SCALE, extra = 0.01, 1.0, 0.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y)) * SCALE
    grads = tape.gradient(loss, MODEL.trainable_variables)
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(lr * (1.0 + extra) * g)
    return loss, lr, SCALE, extra


for step in range(33):
    if step == 9:
        sys.modules["rt56_hparams"] = make_module(0.02, 2.0, extra=0.25)
    if step == 14:
        sys.modules["rt56_hparams"].LR = 0.03
    if step == 19:
        del sys.modules["rt56_hparams"].EXTRA
    if step == 24:
        sys.modules["rt56_hparams"] = None
    if step == 29:
        sys.modules["rt56_hparams"] = make_module(0.04, 0.5)
    i = (step * 8) % 120
    loss, lr, scale, extra = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), lr, scale, extra)

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "out": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))

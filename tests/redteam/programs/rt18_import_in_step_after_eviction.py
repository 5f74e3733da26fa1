"""Probes: an `import` statement inside the step, with the module evicted mid-run.

Hot-reloading trainers put `import hparams_mod` inside the step and force a re-read by
deleting the module from sys.modules (after rewriting its file).  IMPORT_NAME then
executes the module again inside the step: its top-level print runs there, between the
step's own prints, and its new SCALE is what the step reads next.  The module lives in
a per-process temporary directory put on sys.path.  At step 12 the loop rewrites it
(version 2, SCALE 0.5) and evicts it; at step 20 it evicts it again without changing
it (a re-execution that prints again).  In eager the step prints "before import", the
module prints "loading ...", then the step prints "after import"."""
import importlib
import json
import os
import sys
import tempfile

import keras
import numpy as np
import tensorflow as tf

sys.dont_write_bytecode = True
keras.utils.set_random_seed(1825)
rng = np.random.default_rng(1825)

TMP = tempfile.mkdtemp()
sys.path.insert(0, TMP)
MOD_PATH = os.path.join(TMP, "rt18_hparams_mod.py")


def write_module(version, scale):
    with open(MOD_PATH, "w") as f:
        f.write(f"print('  loading rt18_hparams_mod version {version}')\n")
        f.write(f"VERSION = {version}\nSCALE = {scale!r}\n")
    importlib.invalidate_caches()


write_module(1, 1.0)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    print("  before import")
    import rt18_hparams_mod
    print("  after import, version", rt18_hparams_mod.VERSION)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * rt18_hparams_mod.SCALE
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(30):
    if step == 12:
        write_module(2, 0.5)
        del sys.modules["rt18_hparams_mod"]
    if step == 20:
        del sys.modules["rt18_hparams_mod"]
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "version": sys.modules["rt18_hparams_mod"].VERSION,
}))

# The per-process temporary paths differ from run to run: not state to compare.
del TMP, MOD_PATH

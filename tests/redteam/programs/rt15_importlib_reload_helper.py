"""Probe: a helper module rewritten on disk and importlib.reload()ed mid-run.

The program writes a small module `rt15_hp_mod` into a fresh temp directory and imports
it. The step uses it two ways: `hp.penalty(w)` (looked up on the module each call) and
`old_scale(x)`, a function object imported once with `from ... import` before training.
At step 12 the program rewrites the file (new GAIN, new penalty body, new scale body)
and reloads the module: the module object and its dict stay the same objects, the
functions in it are new objects, and the old `old_scale` function object keeps its old
code but now reads the module's new global GAIN (its __globals__ is the reloaded dict).
At step 22 it sets `hp.GAIN` directly. Eager follows each of these; a graph keyed on the
module's identity or on the old function's code alone misses the new globals, and one
that inlined `hp.penalty` without guarding the module attribute misses the new
function. Mechanism: module reload (exec of new code into the same module dict)."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import importlib
import json
import shutil
import sys
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1515)
rng = np.random.default_rng(1515)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1))).astype(np.float32)

TMP = tempfile.mkdtemp(prefix="rt15_reload_")
PATH = os.path.join(TMP, "rt15_hp_mod.py")
V1 = '''
import tensorflow as tf
GAIN = 1.0
def penalty(w):
    return 0.01 * tf.reduce_sum(tf.square(w))
def scale(x):
    return x * GAIN
'''
V2 = '''
import tensorflow as tf
GAIN = 0.5
def penalty(w):
    return 0.05 * tf.reduce_sum(tf.abs(w))
def scale(x):
    return x * (GAIN + 1.0)
'''


def write(src):
    with open(PATH, "w") as f:
        f.write(src)
    # make the rewrite visible to the import system regardless of mtime granularity
    for name in os.listdir(TMP):
        if name == "__pycache__":
            shutil.rmtree(os.path.join(TMP, name))
    importlib.invalidate_caches()


write(V1)
sys.path.insert(0, TMP)
sys.dont_write_bytecode = True
import rt15_hp_mod as hp  # noqa: E402
from rt15_hp_mod import scale as old_scale  # noqa: E402

W = tf.Variable(np.zeros((5, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = old_scale(x) @ W
        loss = tf.reduce_mean(tf.square(pred - y)) + hp.penalty(W)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


try:
    for step in range(32):
        if step == 12:
            write(V2)
            importlib.reload(hp)
            print("reloaded; GAIN", hp.GAIN, "same function object:", hp.scale is old_scale)
        if step == 22:
            hp.GAIN = 2.0
        i = (step * 8) % 56
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(round(float(loss), 6)))
finally:
    shutil.rmtree(TMP, ignore_errors=True)

print(json.dumps({"W": [round(float(v), 6) for v in W.numpy().ravel()], "gain": hp.GAIN}))

# (harness) A temporary name or an address differs from run to run, in eager too.
del TMP, PATH

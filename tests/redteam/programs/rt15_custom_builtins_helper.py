"""Probe: a helper function whose globals are not a module and whose builtins are the
program's own.

The loss helper is compiled with exec() into a plain dict whose `__builtins__` is a
dict the program owns: in it `min`, `abs`, `len` and `print` are the program's
functions (a clipped min, a counting abs, a len that reports a fixed bucket size, a
print that tags and records lines). CPython binds a function's builtins from its
globals' `__builtins__` when the function is made, so eager calls these replacements.
At step 10 the program rebinds `min` in that builtins dict; at step 18 it rebinds the
helper's global `CAP` in the plain globals dict; at step 24 it deletes `abs` from the
custom builtins dict (the helper then raises NameError, which the step catches and
falls back to a plain loss). A runtime that resolves builtins names through the real
builtins module, or guards the module's dict rather than the function's own
globals/builtins, computes other losses and prints other lines. Mechanism: per-function
__globals__ / __builtins__ that are plain dicts."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import builtins
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1514)
rng = np.random.default_rng(1514)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) * 2).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.03)

ABS_CALLS = [0]
PRINTED = []


def my_min(a, b):
    return a if a < b else b


def my_min_v2(a, b):
    return 0.5 * (a if a < b else b)


def my_abs(x):
    ABS_CALLS[0] += 1
    return tf.abs(x)


def my_len(x):
    return 4


def my_print(*args):
    line = "[helper] " + " ".join(str(a) for a in args)
    PRINTED.append(line)
    builtins.print(line)


CUSTOM_BUILTINS = {"min": my_min, "abs": my_abs, "len": my_len, "print": my_print,
                   "float": float, "NameError": NameError}
HELPER_GLOBALS = {"__builtins__": CUSTOM_BUILTINS, "tf": tf, "CAP": 3.0}
SRC = '''
def robust_loss(err, step):
    per = abs(err)
    scale = min(CAP, 1.0 + step * 0.25)
    if step % 5 == 0:
        print("scale", scale, "n", len(err))
    return tf.reduce_mean(tf.minimum(per, scale) * per) / len(err) * 4.0
'''
exec(SRC, HELPER_GLOBALS)
robust_loss = HELPER_GLOBALS["robust_loss"]


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        err = x @ W - y
        try:
            loss = robust_loss(err, step)
        except NameError as e:
            print("helper failed:", e)
            loss = tf.reduce_mean(tf.square(err))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(30):
    if step == 10:
        CUSTOM_BUILTINS["min"] = my_min_v2
    if step == 18:
        HELPER_GLOBALS["CAP"] = 1.5
    if step == 24:
        del CUSTOM_BUILTINS["abs"]
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(round(float(loss), 6)), "abs calls", ABS_CALLS[0])

print(json.dumps({"printed": PRINTED, "abs_calls": ABS_CALLS[0],
                  "W": [round(float(v), 6) for v in W.numpy().ravel()]}))

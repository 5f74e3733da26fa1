"""Probes: process-wide interpreter hooks and settings a program can inspect.

Plugin systems, debuggers and test harnesses inspect the interpreter's global hooks:
the import system's sys.meta_path and sys.path_hooks, sys.excepthook,
sys.unraisablehook, threading.excepthook, gc.callbacks, the live Python threads,
the recursion limit and switch interval, the SIGINT handler, and the trace and profile
functions.  The contract's promise covers every printed line; janus must install its
machinery without leaving traces there (it says JANUS_MODE=off imports nothing of
janus; under janus the entry hook and detection are installed).  The loop prints the
census before training, after the first graph could have been built (step 6) and after
a change that forces a rebuild (step 16), and at the end; at step 12 it adds its own
gc callback and meta_path finder, as a plugin would, and checks they are last."""
import gc
import json
import signal
import sys
import threading

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1848)
rng = np.random.default_rng(1848)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
HP = {"lr": 0.05}


class PluginFinder:
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        return None


def plugin_gc(phase, info):
    pass


def census():
    return {
        "meta_path": [getattr(f, "__name__", type(f).__name__) for f in sys.meta_path],
        "path_hooks": len(sys.path_hooks),
        "excepthook_default": sys.excepthook is sys.__excepthook__,
        "unraisable_default": sys.unraisablehook is sys.__unraisablehook__,
        "thread_excepthook_default": threading.excepthook is threading.__excepthook__,
        "gc_callbacks": len(gc.callbacks),
        "gc_last_is_plugin": bool(gc.callbacks) and gc.callbacks[-1] is plugin_gc,
        "threads": sorted(t.name for t in threading.enumerate()),
        "recursion_limit": sys.getrecursionlimit(),
        "switch_interval": sys.getswitchinterval(),
        "sigint_default": signal.getsignal(signal.SIGINT) is signal.default_int_handler,
        "trace": sys.gettrace() is None,
        "profile": sys.getprofile() is None,
    }


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(HP["lr"] * g)
    return loss


print("census start", json.dumps(census(), sort_keys=True))
for step in range(24):
    if step == 12:
        gc.callbacks.append(plugin_gc)
        sys.meta_path.append(PluginFinder)
    if step == 14:
        HP["lr"] = 0.02
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))
    if step in (6, 16):
        print("census", step, json.dumps(census(), sort_keys=True))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "census": census(),
}, sort_keys=True))

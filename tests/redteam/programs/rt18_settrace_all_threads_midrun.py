"""Probes: a trace function installed with threading.settrace_all_threads mid-run.

The contract stands aside "from the moment the program sets a trace or profile
function (sys.settrace, sys.setprofile)", a sys.monitoring callback or an audit hook,
noticing the four events that install an observer.  Python 3.12 added
threading.settrace_all_threads, which installs the function through
sys._settraceallthreads (PyEval_SetTraceAllThreads) for every thread at once, the
current one included.  At step 14 the loop installs a tracer that counts 'call' events
of the step and its helper, and 'line' events inside the helper (it returns a local
tracer only for the helper); at step 24 it removes it.  Eager sees every call and line
of the steps 14-23; a graph call runs none of them."""
import json
import sys
import threading

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1811)
rng = np.random.default_rng(1811)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)

COUNTS = {"step_calls": 0, "helper_calls": 0, "helper_lines": 0}


def penalty(w):
    s = tf.reduce_sum(tf.square(w))
    return 0.001 * s


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + penalty(W)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


def local_tracer(frame, event, arg):
    if event == "line":
        COUNTS["helper_lines"] += 1
    return local_tracer


def tracer(frame, event, arg):
    if event == "call":
        name = frame.f_code.co_name
        if name == "train_step" and frame.f_code is train_step.__code__:
            COUNTS["step_calls"] += 1
        elif frame.f_code is penalty.__code__:
            COUNTS["helper_calls"] += 1
            return local_tracer
    return None


for step in range(30):
    if step == 14:
        threading.settrace_all_threads(tracer)
    if step == 24:
        threading.settrace_all_threads(None)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), COUNTS["step_calls"], COUNTS["helper_calls"], COUNTS["helper_lines"])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "counts": COUNTS,
    "trace_now": sys.gettrace() is None,
}))

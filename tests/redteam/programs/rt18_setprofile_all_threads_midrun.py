"""Probes: a profile function installed with threading.setprofile_all_threads mid-run.

The contract stands aside once the program sets a trace or profile function
(sys.setprofile named), noticing the events that install observers.  Python 3.12's
threading.setprofile_all_threads installs one through sys._setprofileallthreads for
every thread, the current one included.  At step 12 the loop installs a profiler that
counts 'call' events of the step and of its helper and 'c_call' events of the builtin
len() the step calls on its batch; at step 22 it removes it.  A profiler sees C calls
too, so a graph call that runs none of the step's Python shows neither."""
import json
import sys
import threading

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1812)
rng = np.random.default_rng(1812)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.cos(XS).sum(axis=1, keepdims=True) * 0.2).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.01)

COUNTS = {"step": 0, "helper": 0, "len": 0}


def hidden(x):
    return tf.nn.relu(x @ W1)


def train_step(x, y):
    n = len(x)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(hidden(x) @ W2 - y)) / n
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


def profiler(frame, event, arg):
    if event == "call":
        if frame.f_code is train_step.__code__:
            COUNTS["step"] += 1
        elif frame.f_code is hidden.__code__:
            COUNTS["helper"] += 1
    elif event == "c_call" and arg is len:
        COUNTS["len"] += 1


for step in range(30):
    if step == 12:
        threading.setprofile_all_threads(profiler)
    if step == 22:
        threading.setprofile_all_threads(None)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), COUNTS["step"], COUNTS["helper"], COUNTS["len"] > 0)

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "counts_step_helper": [COUNTS["step"], COUNTS["helper"]],
    "profile_now": sys.getprofile() is None,
}))

"""Probe: a sys.settrace tracer (the mechanism of debuggers and older coverage tools)
switched on for a window of steps, recording the 'call' and 'return' events of the
program's own functions and the values they return.

From step 10 to step 19 the loop installs a global trace function; it returns a local
tracer only for the program's own code objects (train_step and its helper `fwd`), which
records ('call', name), ('line', name, relative line) and ('return', name, value kind /
rounded loss) events in a list. Outside the window no tracer is set. Eager fires these
events for every traced call and line; the tracer sees `fwd` return a tensor and
train_step return the loss. A runtime that runs the step as a graph during the window
produces no events (or only the build's), and one that keeps running its graph while a
tracer is installed changes what a debugger would see. Mechanism: sys.settrace as
program-visible observation of interpreted code."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1542)
rng = np.random.default_rng(1542)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
EVENTS = []


def fwd(x):
    return x @ W


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = fwd(x)
        loss = tf.reduce_mean(tf.square(pred - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


MINE = {fwd.__code__: "fwd", train_step.__code__: "train_step"}


def local_tracer(frame, event, arg):
    name = MINE[frame.f_code]
    if event == "line":
        EVENTS.append(("line", name, frame.f_lineno - frame.f_code.co_firstlineno))
    elif event == "return":
        kind = type(arg).__name__
        val = round(float(tf.reduce_sum(arg)), 6) if kind == "EagerTensor" else repr(arg)
        EVENTS.append(("return", name, kind, val))
    return local_tracer


def global_tracer(frame, event, arg):
    if event == "call" and frame.f_code in MINE:
        EVENTS.append(("call", MINE[frame.f_code]))
        return local_tracer
    return None


for step in range(30):
    if step == 10:
        sys.settrace(global_tracer)
    if step == 20:
        sys.settrace(None)
    i = (step * 8) % 56
    before = len(EVENTS)
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(round(float(loss), 6)), "events", len(EVENTS) - before)
sys.settrace(None)

print(json.dumps({"n_events": len(EVENTS), "first": EVENTS[:12], "last": EVENTS[-3:],
                  "W": [round(float(v), 6) for v in W.numpy().ravel()]}))

"""Probe: a coverage tool built on sys.monitoring (as coverage.py does on 3.12+) watching
the program's own step code while it trains.

The program claims COVERAGE_ID, registers PY_START callbacks on its helpers and LINE
callbacks on the step's code object, and counts what fires. Eager runs every helper call
and every line of the step in the interpreter, so the counts grow by a fixed amount per
step. At step 12 the program turns LINE events off for the step and claims PROFILER_ID
too; at step 22 it turns them back on and turns PY_START for `penalty` off. Every 5 steps
it prints which tool ids are taken (sys.monitoring.get_tool). A graph that inlines the
helpers and runs the step's lines in TF never fires the callbacks, and a runtime that
registers its own monitoring tool shows up in get_tool (or makes use_tool_id fail).
Mechanism: interpreter instrumentation (sys.monitoring) as program-visible state."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1501)
rng = np.random.default_rng(1501)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 1:2] * 0.3).astype(np.float32)

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)


def scale_inputs(x):
    return x * 0.5


def penalty(ws):
    total = 0.0
    for w in ws:
        total = total + tf.reduce_sum(tf.square(w))
    return 1e-3 * total


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(scale_inputs(x))
        loss = tf.reduce_mean(tf.square(pred - y))
        loss = loss + penalty(model.trainable_variables)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


mon = sys.monitoring
E = mon.events
STARTS = {}
LINES = {}


def on_start(code, offset):
    STARTS[code.co_name] = STARTS.get(code.co_name, 0) + 1


def on_line(code, line):
    key = line - train_step.__code__.co_firstlineno
    LINES[key] = LINES.get(key, 0) + 1


print("tools at start:", [mon.get_tool(i) for i in range(6)])
mon.use_tool_id(mon.COVERAGE_ID, "rt15-coverage")
mon.register_callback(mon.COVERAGE_ID, E.PY_START, on_start)
mon.register_callback(mon.COVERAGE_ID, E.LINE, on_line)
for fn in (scale_inputs, penalty):
    mon.set_local_events(mon.COVERAGE_ID, fn.__code__, E.PY_START)
mon.set_local_events(mon.COVERAGE_ID, train_step.__code__, E.PY_START | E.LINE)

losses = []
for step in range(32):
    if step == 12:
        mon.set_local_events(mon.COVERAGE_ID, train_step.__code__, E.PY_START)
        try:
            mon.use_tool_id(mon.PROFILER_ID, "rt15-profiler")
            print("claimed profiler id")
        except ValueError as e:
            print("profiler id busy:", e)
    if step == 22:
        mon.set_local_events(mon.COVERAGE_ID, train_step.__code__, E.PY_START | E.LINE)
        mon.set_local_events(mon.COVERAGE_ID, penalty.__code__, 0)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    losses.append(round(float(loss), 6))
    if step % 5 == 0:
        print(step, losses[-1], dict(sorted(STARTS.items())), sum(LINES.values()),
              [mon.get_tool(i) for i in range(6)])

mon.set_local_events(mon.COVERAGE_ID, train_step.__code__, 0)
mon.set_local_events(mon.COVERAGE_ID, scale_inputs.__code__, 0)
mon.free_tool_id(mon.COVERAGE_ID)
if mon.get_tool(mon.PROFILER_ID) == "rt15-profiler":
    mon.free_tool_id(mon.PROFILER_ID)
print(json.dumps({
    "starts": dict(sorted(STARTS.items())),
    "lines": {str(k): v for k, v in sorted(LINES.items())},
    "losses_tail": losses[-5:],
    "w": [round(float(v), 6) for v in model.trainable_variables[0].numpy().ravel()[:6]],
    "iterations": int(opt.iterations.numpy()),
}))

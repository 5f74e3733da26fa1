"""Probe: a PEP 578 audit hook (sys.addaudithook) installed by the program observes what
the training loop does.

The step calls id() on the program's own Cursor object (the builtins.id audit event
carries the id), raises its own audit event with sys.audit("rt15.step", n, label)
and writes a class attribute. The hook, the program's code, records these events in order, and also counts every event
name it sees during the loop (imports, compile, exec, open, sys._getframe, setattr on
classes, ...) per window of 8 steps. Eager fires each event at every call, at its
place; a graph would fire the step's own events once at build time (or never), and a
runtime doing its own imports, compiles or class patches in the middle of the loop
would show up in the census. Mechanism: audit events as a program-visible side channel
of code run in, or removed from, the interpreter."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import collections
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1502)
rng = np.random.default_rng(1502)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1))).astype(np.float32)

W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.Adam(learning_rate=0.02)


class Cursor:
    pos = 0


CUR = Cursor()
CUR_ID = id(CUR)
ARMED = [False]
ORDERED = []
CENSUS = collections.Counter()


def hook(event, args):
    if not ARMED[0]:
        return
    if event == "builtins.id":
        if args and args[0] == CUR_ID:
            ORDERED.append("id(cursor)")
        return
    if event.startswith("rt15."):
        ORDERED.append(f"{event}{args}")
        return
    if event == "object.__setattr__":
        obj, name = args[0], args[1]
        owner = obj.__name__ if isinstance(obj, type) else type(obj).__name__
        CENSUS[f"setattr {owner}.{name}"] += 1
        return
    if event == "import":
        CENSUS[f"import {args[0]}"] += 1
        return
    CENSUS[event] += 1


sys.addaudithook(hook)


def train_step(x, y, n):
    same = id(CUR) == CUR_ID
    with tf.GradientTape() as tape:
        pred = x @ W + B
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    Cursor.pos = Cursor.pos + 1
    sys.audit("rt15.step", n, "same" if same else "other")
    return loss


losses = []
windows = []
ARMED[0] = True
for step in range(32):
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    losses.append(round(float(loss), 6))
    if step % 8 == 7:
        ARMED[0] = False
        snap = dict(sorted(CENSUS.items()))
        windows.append(snap)
        print("window", step // 8, "events:", len(ORDERED), snap)
        CENSUS.clear()
        ARMED[0] = True
ARMED[0] = False

print(json.dumps({
    "ordered_head": ORDERED[:6],
    "ordered_tail": ORDERED[-4:],
    "ordered_len": len(ORDERED),
    "cursor_pos": Cursor.pos,
    "losses_tail": losses[-4:],
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))

# (harness) A temporary name or an address differs from run to run, in eager too.
del CUR_ID

"""Probes prints of the program's nested containers interleaved with writes to their
inner lists and dicts in the same step.  STATE = {"hist": [...], "meta": {...}} and the
global ALIAS is the same list object as STATE["hist"]; the step prints STATE, appends
to ALIAS, prints STATE["hist"] and the outer dict again, writes STATE["meta"]["n"],
and prints a tuple holding both inner objects.  Each print must show the containers as
they are at that point of the step.  Before every call the loop resets ALIAS's items in place
and sets STATE["meta"]["n"] to 0 or 1 alternately (two cached graphs, A, B, A, B); it
replaces STATE["meta"] with a new dict at step 12 (ALIAS still the same list), rebinds ALIAS to a new list at step 20 (now no
longer inside STATE), and puts it back at step 28.  A replay that applied all the
step's writes before the prints, or applied a write through one path but printed the
other path's stale copy, would print other text."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2234)
np.random.seed(2234)
keras.utils.set_random_seed(2234)
rng = np.random.default_rng(2234)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 2:3]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)
STATE = {"hist": [0], "meta": {"n": 0}}
ALIAS = STATE["hist"]


def train_step(x, y, tag):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    print("  a", STATE)
    ALIAS.append(tag)
    if len(ALIAS) > 4:
        del ALIAS[0]
    print("  b", STATE["hist"], STATE)
    STATE["meta"]["n"] = STATE["meta"]["n"] + 1
    print("  c", (ALIAS, STATE["meta"]), len(STATE["hist"]))
    return loss


for step in range(36):
    if step == 12:
        STATE["meta"] = {"n": 100, "k": "x"}
    if step == 20:
        ALIAS = [-1]
    if step == 28:
        STATE["hist"] = ALIAS
    ALIAS[:] = [5, 6]
    STATE["meta"]["n"] = step % 2
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), 7)
    print(step, repr(float(loss)), STATE, ALIAS)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "state": STATE, "alias": ALIAS,
}))

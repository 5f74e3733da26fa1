"""Output written by LIBRARY code the step calls, not by print: pprint.pprint(dict) (stdlib
Python that writes to sys.stdout in pieces), json.dump(obj, sys.stdout) (many small
write() calls) and sys.stdout.writelines(list).  The step updates the dict it pprints.  At
step 10 the program adds a key to the dict from outside and switches pprint's width via the
global WIDTH (the dict's repr wraps); at step 20 it replaces the lines list given to
writelines.  Probes: text written to stdout by library code inside the call (run natively
once while building, or deferred, or in order?) and its order against print()."""
import json
import pprint
import sys

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1222)
rng = np.random.default_rng(1222)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
STATE = {"calls": 0, "lr": 0.05}
WIDTH = 80
LINES = ["-- a\n", "-- b\n"]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(STATE["lr"] * g)
    STATE["calls"] += 1
    print("state:")
    pprint.pprint(STATE, width=WIDTH)
    json.dump({"calls": STATE["calls"], "tag": "j"}, sys.stdout)
    sys.stdout.write("\n")
    sys.stdout.writelines(LINES)
    print("end")
    return loss


for step in range(30):
    if step == 10:
        STATE["a_rather_long_key_name_for_wrapping"] = "x" * 30
        WIDTH = 40
    if step == 20:
        LINES = ["-- c\n"]
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "state": STATE}))

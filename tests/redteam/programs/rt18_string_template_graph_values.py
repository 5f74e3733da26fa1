"""Probes: string.Template substitution of graph-formatted text, template edited mid-run.

string.Template.substitute is standard-library Python: it runs a regex substitution
whose callback (a closure inside substitute) calls str() on each mapping value.  The
step formats its loss with an f-string (graph text, made after the graph) and
substitutes it with its call number into TEMPLATE, printing and storing the line.  At
step 12 the loop edits the template object in place (TEMPLATE.template = ...), and at
step 20 it swaps in a new Template object with a different layout.  Eager substitutes at every call with the
current template; a substitution run while building would see graph placeholders and a
template text no guard covers."""
import json
import string

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1836)
rng = np.random.default_rng(1836)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.04)

TEMPLATE = string.Template("[$call] loss=$loss")


class Log:
    lines = []
    calls = 0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    line = TEMPLATE.substitute(call=Log.calls, loss=f"{float(loss):.5f}")
    print(" ", line)
    Log.lines.append(line)
    Log.calls += 1
    return loss


for step in range(30):
    if step == 12:
        TEMPLATE.template = "call $call: $loss (v2)"
    if step == 20:
        TEMPLATE = string.Template("$loss @ $call")
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "last_lines": Log.lines[-3:],
    "n_lines": len(Log.lines),
}))

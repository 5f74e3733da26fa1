"""Probes f-strings and `format()` whose format spec is itself built at run time from
values the graph computes and from globals the loop changes.

The step prints `f"{lossf:>{w}.{p}f}"` where the width `w` is computed from the loss
(`6 + int(lossf * 1000) % 5`) and the precision `p` from the step counter, a centred
`format(lossf, f"^{w}.{p}e")`, a fill character from the global FILL
(`"{:{fill}>{w}}".format(...)`), and `f"{lossf:{SPEC}}"` with SPEC a global the loop
changes (".4f" -> ".3e" -> "g" -> "+.2%").  Eager formats every line from this call's
values.

A conversion that fixes the nested spec at build time (the first width or precision), or
folds FILL/SPEC, prints other padding or digits; one that cannot carry a spec string
made from graph values must run the call in the interpreter.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2006)
random.seed(2006)
np.random.seed(2006)
rng = np.random.default_rng(2006)

XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ rng.normal(size=(3, 1)) + 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
B = tf.Variable([0.0])
OPT = keras.optimizers.Adam(learning_rate=0.05)

FILL = "."
SPEC = ".4f"
OUT = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    lossf = float(loss)
    w = 6 + int(lossf * 1000) % 5
    p = 2 + step % 3
    line = f"|{lossf:>{w}.{p}f}|{format(lossf, f'^{w + 4}.{p}e')}|"
    tag = "{:{fill}>{w}}".format(step, fill=FILL, w=w)
    free = f"{lossf:{SPEC}}"
    OUT.append(line)
    print(tag, line, free)
    return loss


for step in range(40):
    if step == 12:
        FILL = "*"
    if step == 18:
        SPEC = ".3e"
    if step == 26:
        SPEC = "g"
    if step == 32:
        SPEC = "+.2%"
        FILL = "0"
    i = (step * 8) % 56
    train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)

print(json.dumps({
    "last": OUT[-2:],
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "B": round(float(B.numpy()[0]), 6),
}))

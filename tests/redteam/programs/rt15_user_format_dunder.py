"""Probe: f-strings and format() of the program's own objects whose __format__ reads
mutable state and has side effects, inside the step, next to graph numbers.

`Meter` defines `__format__(self, spec)`: it appends the spec to a log, and renders its
running average (a Python float field the step updates just before formatting) with
the spec, or in a verbose form when the spec is "v". The step builds lines like
f"{meter:.3f} | {meter:v} | {float(loss):.4f}" and "{:>10}".format(meter) and prints
them; it updates `meter.avg` from float(loss) first, then formats, then updates
`meter.count` after formatting (so the text must show the count before the update). At
step 11 the program replaces Meter.__format__ with a different method; at step 19 it
sets an instance attribute `meter.__format__ = ...` (ignored by format(), which looks the
dunder up on the type). Eager runs the program's __format__ at each f-string at its
place; formatting deferred to after the graph would show the count after the update or
run the old method. Mechanism: user __format__ with side effects inside f-strings in a
hot step."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1543)
rng = np.random.default_rng(1543)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
SPECS = []


class Meter:
    def __init__(self):
        self.avg = 0.0
        self.count = 0

    def __format__(self, spec):
        SPECS.append(spec)
        if spec == "v":
            return f"avg={self.avg:.5f}@{self.count}"
        return format(self.avg, spec)


def format_v2(self, spec):
    SPECS.append("v2:" + spec)
    return f"<{self.count}:{round(self.avg, 2)}>"


meter = Meter()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    v = float(loss)
    meter.avg = 0.8 * meter.avg + 0.2 * v
    line = f"{meter:.3f} | {meter:v} | {v:.4f}"
    padded = "{:>10}".format(meter)
    meter.count = meter.count + 1
    print("  ", line, "|", padded)
    return loss


for step in range(28):
    if step == 11:
        Meter.__format__ = format_v2
    if step == 19:
        meter.__format__ = lambda spec: "instance-level"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(round(float(loss), 6)))

print(json.dumps({"specs": len(SPECS), "specs_tail": SPECS[-4:], "count": meter.count,
                  "W": [round(float(v), 6) for v in W.numpy().ravel()]}))

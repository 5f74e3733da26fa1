"""Probes two training steps made by one factory (same code object, different closure
cells) called alternately, GAN-style, with one closure's cells changed mid-run through
a `nonlocal` setter made by the same factory.

`make_step(var, lr, name)` returns `step(x, y)` (reads `var`, `lr`, `name` and a
`calls` counter from its cells, increments `calls` with `nonlocal`) and `set_lr(v)`.
The loop calls STEP_A and STEP_B in turn; at step 14 it calls `set_lr_b(0.001)`, at 22
`set_lr_a(0.05)`, and at 28 it makes a third closure STEP_C over A's variable and uses
it in place of STEP_A.

Eager runs each closure with its own cells.  A cache keyed by code object that does not
guard each closure's cells (or that serves B the graph built for A) trains the wrong
variable or with the wrong rate: printed names, counters, losses and weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2034)
random.seed(2034)
np.random.seed(2034)
rng = np.random.default_rng(2034)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YA = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
YB = (XS @ rng.normal(size=(4, 1)) - 0.5).astype(np.float32)
WA = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
WB = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)


def make_step(var, lr, name):
    calls = 0

    def step(x, y):
        nonlocal calls
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ var - y))
        (g,) = tape.gradient(loss, [var])
        var.assign_sub(lr * g)
        calls += 1
        return loss, name, calls

    def set_lr(v):
        nonlocal lr
        lr = v

    return step, set_lr


STEP_A, set_lr_a = make_step(WA, 0.02, "A")
STEP_B, set_lr_b = make_step(WB, 0.03, "B")

for step in range(40):
    if step == 14:
        set_lr_b(0.001)
    if step == 22:
        set_lr_a(0.05)
    if step == 28:
        STEP_A, set_lr_a = make_step(WA, 0.005, "C")
    i = (step * 8) % 56
    x = tf.constant(XS[i:i + 8])
    if step % 2 == 0:
        loss, name, calls = STEP_A(x, tf.constant(YA[i:i + 8]))
    else:
        loss, name, calls = STEP_B(x, tf.constant(YB[i:i + 8]))
    print(step, name, calls, round(float(loss), 6))

print(json.dumps({
    "WA": [round(float(v), 6) for v in WA.numpy().ravel()],
    "WB": [round(float(v), 6) for v in WB.numpy().ravel()],
}))

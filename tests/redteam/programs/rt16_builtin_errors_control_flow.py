"""EAFP config handling inside the step: `len(HP.window)` inside try/except TypeError
(window becomes None at step 8), `HP.scales[PHASE]` inside except (KeyError, TypeError)
(scales becomes None at step 12, then a dict without the phase at step 16),
`int(HP.tag)` inside except ValueError ("warm" vs "7"), and `HP.extra` inside except
AttributeError (the attribute appears at step 20 and goes at step 25).  The handlers
record str(e) and the exception type name and choose fallbacks that change the loss
weight.  In eager each builtin raises its own exception with CPython's exact message.  A
graph must route these build-time-known exceptions to the right handler with the right
text, or leave the call to the interpreter.  Probes: TypeError / ValueError /
AttributeError / KeyError raised by builtins on guarded values, caught in the step."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1642)
rng = np.random.default_rng(1642)

XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (XS[:, 1:2] - XS[:, 3:4] * 0.5).astype(np.float32)
W = tf.Variable(tf.zeros([5, 1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)


class HParams:
    def __init__(self):
        self.window = [1, 2, 3]
        self.scales = {"warm": 1.0, "main": 0.5}
        self.tag = "7"


HP = HParams()
PHASE = "warm"
NOTES = []


def train_step(x, y):
    notes = []
    try:
        n = len(HP.window)
    except TypeError as e:
        n = 1
        notes.append(f"{type(e).__name__}: {e}")
    try:
        s = HP.scales[PHASE]
    except (KeyError, TypeError) as e:
        s = 0.25
        notes.append(f"{type(e).__name__}: {e}")
    try:
        t = int(HP.tag)
    except ValueError as e:
        t = 0
        notes.append(f"{type(e).__name__}: {e}")
    try:
        extra = HP.extra
    except AttributeError as e:
        extra = 0.0
        notes.append(f"{type(e).__name__}: {e}")
    weight = s * (1.0 + 0.1 * n) + 0.01 * t + extra
    with tf.GradientTape() as tape:
        loss = weight * tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    NOTES.append(notes)
    print(f"weight {weight!r} notes {notes}")
    return loss


for step in range(30):
    if step == 5:
        HP.tag = "warm"
    if step == 8:
        HP.window = None
    if step == 10:
        PHASE = "main"
    if step == 12:
        HP.scales = None
    if step == 16:
        HP.scales = {"warm": 2.0}
    if step == 20:
        HP.extra = 0.125
    if step == 25:
        del HP.extra
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "note_counts": [len(n) for n in NOTES],
    "last_notes": NOTES[-1],
}))

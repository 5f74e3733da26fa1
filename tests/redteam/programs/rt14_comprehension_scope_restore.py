"""Per-layer gradient scaling driven by a global list SCALES that the loop edits
(a layer is "frozen" by setting its scale to 0.0 for a while).  Inside the step:

* `inv = [1.0 / s for s in SCALES]` -- a comprehension whose loop variable `s`
  shadows a local `s = "unset"`.  Since 3.12 the comprehension is inlined
  (LOAD_FAST_AND_CLEAR ... and an exception-table entry that restores `s`); when a
  scale is 0.0 it raises ZeroDivisionError, the handler records `repr(s)` -- which is
  'unset' again in CPython -- and falls back to masking.
* `norms = [n := float(tf.norm(g)) for g in grads]` -- the walrus binds `n` in the
  step's own scope (the last norm).
* `del s` followed by a read caught as UnboundLocalError.

Probes: 3.13 bytecode details a symbolic executor must get right: restoring a
shadowed local when an inlined comprehension raises, walrus targets escaping the
comprehension, and `del` of a local making a later read raise.  A converter that leaves
`s` bound to the iteration value (0.5 / 2.0...), loses the walrus binding, or treats
the deleted local as still bound prints different NOTES and applies other updates.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1411)
rng = np.random.default_rng(1411)

N_STEPS = 36
XS = rng.normal(size=(N_STEPS, 8, 4)).astype(np.float32)
YS = np.sin(XS.sum(axis=2, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4, name="W1")
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4, name="W2")
VARS = [W1, W2]
SCALES = [1.0, 2.0]
LR = 0.05
NOTES = []


def train_step(x, y):
    s = "unset"
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, VARS)
    try:
        inv = [1.0 / s for s in SCALES]
    except ZeroDivisionError:
        NOTES.append("zero scale, s=%r" % (s,))
        inv = [0.0 if t == 0.0 else 1.0 / t for t in SCALES]
    norms = [n := float(tf.norm(g)) for g in grads]
    for v, g, k in zip(VARS, grads, inv):
        v.assign_sub(LR * k * g)
    del s
    try:
        NOTES.append("still bound: %r" % (s,))
    except UnboundLocalError:
        pass
    return loss, n, norms, inv


for step in range(N_STEPS):
    if step == 8:
        SCALES[0] = 0.0
    if step == 14:
        SCALES[0] = 0.5
    if step == 20:
        SCALES[1] = 0.0
    if step == 27:
        SCALES[1] = 4.0
    loss, last, norms, inv = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    print(step, repr(float(loss)), "last=%r" % last, "norms=%r" % norms, "inv=%r" % inv,
          "notes=%d" % len(NOTES))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "notes": NOTES,
    "scales": SCALES,
}))

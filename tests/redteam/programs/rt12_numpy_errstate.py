"""numpy's floating-point error state (np.seterr, a thread/context-local setting) changed
mid-run, with numpy arithmetic on the step's gradient (g.numpy()).  The step divides the
gradient by the previous step's gradient (kept in a dict) to get per-weight ratios.  Feature
3 is exactly zero in the batches of steps 5-6, 12-13, 19-20 and 26-27, so those gradients
have an exact 0 and the ratio a 0/0 (nan, with a warning on stderr by default).  Step 10:
the program calls np.seterr(invalid="raise", divide="raise"): from then on such a division
RAISES FloatingPointError inside the step, which the step catches (ratios zeroed, step
noted).  Step 22: np.seterr(invalid="ignore", divide="ignore").  Probes: numpy's global
error state deciding whether numpy arithmetic on graph outputs raises."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1239)
rng = np.random.default_rng(1239)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) + 0.2 * rng.normal(size=(64, 1))).astype(np.float32)
XS[40:56, 3] = 0.0
W = tf.Variable(np.full((4, 1), 0.1, np.float32))
PREV = {"g": np.ones((4, 1), np.float32)}
FPE = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    gn = g.numpy()
    try:
        ratio = gn / PREV["g"]
    except FloatingPointError:
        ratio = gn * 0.0
        FPE.append(step)
    PREV["g"] = gn
    return loss, ratio


np.seterr(all="warn")
for step in range(30):
    if step == 10:
        np.seterr(invalid="raise", divide="raise")
    if step == 22:
        np.seterr(invalid="ignore", divide="ignore")
    i = (step * 8) % 56
    loss, ratio = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), [repr(float(r)) for r in ratio.ravel()])

print(json.dumps({"fpe": FPE, "W": [repr(float(v)) for v in W.numpy().ravel()]}))

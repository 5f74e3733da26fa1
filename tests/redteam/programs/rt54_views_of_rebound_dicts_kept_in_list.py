"""Two loss-coefficient dicts COEF_A (for the regression term) and COEF_B (for the
regulariser) are summed through views kept in a list, VIEWS = [COEF_A.values(),
COEF_B.values()], made once.  Mid-run the loop rebinds the global COEF_A to a new dict
(the view in VIEWS still shows the old one), then edits the old dict through another
name (OLD_A), later replaces VIEWS[1] with a view of a rebound COEF_B, and adds keys to
the new COEF_A that no view shows.  The step reads the coefficients only through VIEWS
(sum and max of each view), and prints COEF_A["mse"] read by name for comparison.
Probes: a view answers for the dict object it was made from, not for the name that held
it: views kept in a list across calls when the globals are rebound and the old dicts
edited through aliases."""
import random

import numpy

random.seed(5411)
numpy.random.seed(5411)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5411)
rng = np.random.default_rng(5411)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ np.array([[0.9], [0.1], [-0.6], [0.4]], np.float32)).astype(np.float32)

W = tf.Variable(tf.random.normal((4, 1), seed=5) * 0.2)
COEF_A = {"mse": 1.0, "mse_extra": 0.0}
COEF_B = {"l2": 0.01}
VIEWS = [COEF_A.values(), COEF_B.values()]
OLD_A = None
LR = 0.05


def train_step(x, y):
    ca = sum(VIEWS[0])
    cb = sum(VIEWS[1])
    peak = [max(v) for v in VIEWS]
    with tf.GradientTape() as tape:
        err = tf.matmul(x, W) - y
        loss = ca * tf.reduce_mean(err * err) + cb * tf.reduce_sum(W * W)
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(LR * g)
    return loss, ca, cb, peak, COEF_A["mse"]


for step in range(36):
    if step == 8:
        OLD_A = COEF_A
        COEF_A = {"mse": 5.0}
    if step == 13:
        OLD_A["mse"] = 0.5
    if step == 18:
        OLD_A["mse_extra"] = 0.25
        COEF_B = {"l2": 0.2, "l2b": 0.05}
    if step == 23:
        VIEWS[1] = COEF_B.values()
    if step == 27:
        COEF_A["extra"] = 3.0
        COEF_B["l2"] = 0.1
    if step == 31:
        del OLD_A["mse_extra"]
    i = (step * 8) % 80
    try:
        loss, ca, cb, peak, named = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), repr(ca), repr(cb), peak, repr(named))
    except Exception as e:
        print(step, "error", type(e).__name__, e)

del OLD_A
print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "a": COEF_A, "b": COEF_B,
                  "views": [list(v) for v in VIEWS]}))

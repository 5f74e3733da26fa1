"""numpy's print options changed around prints INSIDE the step.  The step prints the
gradient as an ndarray (g.numpy()) inside `with np.printoptions(precision=PREC,
suppress=True):` and prints it again after the block, plus repr() of the loss as a numpy
scalar.  At step 10 the global PREC changes from 3 to 6; at step 16 the program calls
np.set_printoptions(legacy="1.25") outside the step (repr of numpy scalars changes from
"np.float32(...)" to plain digits); at step 22 it switches the block to
np.printoptions(floatmode="fixed", precision=2, sign="+").  Probes: prints deferred to
after the call while numpy's (context-variable) print state that shapes their text was
set by a stdlib/numpy context manager inside the call."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1220)
rng = np.random.default_rng(1220)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.full((4, 1), 0.1, np.float32))
PREC = 3
FIXED = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    gn = g.numpy()
    if FIXED:
        with np.printoptions(floatmode="fixed", precision=2, sign="+"):
            print("g", gn.ravel())
    else:
        with np.printoptions(precision=PREC, suppress=True):
            print("g", gn.ravel())
    print("g_after", gn.ravel())
    print("loss_repr", repr(loss.numpy()))
    return loss


for step in range(30):
    if step == 10:
        PREC = 6
    if step == 16:
        np.set_printoptions(legacy="1.25")
    if step == 22:
        FIXED = True
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

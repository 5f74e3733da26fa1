"""The step validates its batch with the program's own checks and catches them itself:
a `ValueError` raised when a Python flag says the batch is padded, and a
`ZeroDivisionError` from a Python division by a count that becomes 0 at some calls
(count from the caller).  In the handlers it prints `repr(e)`, `str(e)` and the
exception's type name, appends `str(e)` to a list, and then trains anyway.  Zero counts
start at step 12 (every third call).  janus builds handlers into the graph; printed
text of exception objects must be eager's."""
import random

import numpy

random.seed(113)
numpy.random.seed(113)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4313)
rng = np.random.default_rng(4313)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] + XS[:, 2:3]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
ERRS = []


def train_step(x, y, padded, count):
    scale = 1.0
    try:
        if padded:
            raise ValueError("padded batch of %d rows" % 8)
        scale = 8.0 / count
    except ValueError as e:
        print("caught", type(e).__name__, repr(e), str(e))
        ERRS.append(str(e))
    except ZeroDivisionError as e:
        print("caught", type(e).__name__, repr(e))
        ERRS.append(str(e))
        scale = 0.5
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * scale
    W.assign_sub(0.02 * tape.gradient(loss, W))
    return loss


for step in range(30):
    count = 0 if step >= 12 and step % 3 == 0 else 8
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step % 5 == 2, count)
    print(step, repr(float(loss)), len(ERRS))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "errs": ERRS}))

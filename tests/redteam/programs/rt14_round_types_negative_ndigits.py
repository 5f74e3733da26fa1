"""The step derives a battery of Python numbers from a step counter (a Python int
that changes every call) and from the loss, and returns them; the loop prints each
with its type name.  Chosen for the places where Python's rules are fussy:
round(k + 0.5) (banker's rounding to an int), round(x, 0) (a float), round(n, -2) on
an int with exact ties (250 -> 200, 350 -> 400), round(f, -1) on a float, round to 2
digits of a value like 0.125 + k/1000 (correctly rounded through decimal), math.floor /
ceil / trunc (ints), f // 0.25 and f % -0.3 (floats with Python's sign rules), divmod on
negative ints, int.bit_length(), float.is_integer(), float.as_integer_ratio() (a tuple
of ints) and the int of a float above 2**53.

Probes: Python number semantics and result TYPES for values the graph carries.  A
converter that implements round with TF's round-half-to-even on the scaled value,
returns float where Python returns int (or the reverse), or bakes a value that only
the profiled calls had prints different values/types.
"""
import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1429)
rng = np.random.default_rng(1429)

N_STEPS = 36
XS = rng.normal(size=(N_STEPS, 8, 2)).astype(np.float32)
YS = (XS[:, :, :1] * 3.0 - XS[:, :, 1:] + 2.0).astype(np.float32)
W = tf.Variable(np.zeros((2, 1), np.float32), name="W")
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATE = {"k": 0}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    k = STATE["k"]
    STATE["k"] = k + 1
    f = float(loss) * 37.0
    n = 50 + 100 * k
    big = 2.0 ** 53 + 2.0 * k
    out = (
        round(k + 0.5),
        round(f, 0),
        round(n, -2),
        round(f, -1),
        round(0.125 + k / 1000, 2),
        math.floor(f),
        math.ceil(-f),
        math.trunc(-f),
        f // 0.25,
        f % -0.3,
        divmod(-n, 7),
        (n * 12345).bit_length(),
        (k / 4).is_integer(),
        (k / 8).as_integer_ratio(),
        int(big) + 1,
    )
    return loss, out


for step in range(N_STEPS):
    loss, out = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    print(step, repr(float(loss)), [(type(v).__name__, v) for v in out])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "k": STATE["k"],
    "k_type": type(STATE["k"]).__name__,
}))

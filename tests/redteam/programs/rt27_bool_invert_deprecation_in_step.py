"""The step computes a flag from the loss it just trained on (big = float(loss) > 0.05)
and takes its bitwise inversion, code = ~flag, as a bucket code it returns.  Until step
15 the flag is int(big), an int, and ~ is plain int inversion.  From step 15 on (KIND
switches from "int" to "bool") the flag is the bool itself, and CPython 3.12+ raises a
DeprecationWarning ("Bitwise inversion '~' on bool is deprecated") at that instruction,
at every call.  The loop records warnings around each call (catch_warnings(record=True),
"always") and prints them.  Probes: a warning CPython's own operator emits on a Python
value the graph computes."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2701)
numpy.random.seed(2701)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27011)
rng = np.random.default_rng(27011)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
KIND = "int"


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    big = float(loss) > 0.05
    flag = int(big) if KIND == "int" else big
    code = ~flag
    return loss, code


for step in range(30):
    if step == 15:
        KIND = "bool"
    i = (step * 8) % 56
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss, code = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    msgs = [f"{w.category.__name__}: {str(w.message)[:40]}" for w in caught]
    print(step, repr(float(loss)), code, type(code).__name__, msgs)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

"""numpy's print options can hold program code: at step 10 the program calls
`np.set_printoptions(formatter={"float_kind": fmt})`, where `fmt(v)` formats each float
with the current value of the variable TEMP (read with .numpy()) and counts its calls.
The step prints `tf.reduce_mean(h, axis=0).numpy()[:3]` (an ndarray from a graph value)
BEFORE it applies the update and `TEMP.assign(TEMP * 0.9)`.  In eager the formatter runs
inside print, mid step, and sees TEMP before this call's assign.  At step 20 the
formatter is removed again (`np.set_printoptions(formatter=None)`).  Probes: program code
that numpy's array printing calls (a formatter in the global print options, not an
object's own __str__); a converter that makes the text after the graph from the output
runs the formatter after the assign."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1997)
rng = np.random.default_rng(1997)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
TEMP = tf.Variable(1.0)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CALLS = []


def fmt(v):
    t = float(TEMP.numpy())
    CALLS.append(t)
    return f"{v:.3f}@{t:.4f}"


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1 / TEMP)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    print("acts", tf.reduce_mean(h, axis=0).numpy()[:3])
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    TEMP.assign(TEMP * 0.9)
    return loss


for step in range(30):
    if step == 10:
        np.set_printoptions(formatter={"float_kind": fmt})
    if step == 20:
        np.set_printoptions(formatter=None)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(CALLS))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "temp": repr(float(TEMP.numpy())),
    "calls": [repr(v) for v in CALLS[:6]],
    "iterations": int(OPT.iterations.numpy()),
}))

"""A validation closure made in the step writes the step's state and THEN raises:
`check(cap)` increments the step's `checked` through `nonlocal`, appends the cap to the
step's local list `log` (a cell the closure shares) and raises OverflowError when the
cap exceeds LIMIT.  The step calls it over the global CAPS inside a try; the except
stops the loop, so the writes made before the raise (the counter bump and the append of
the offending cap) stay, as Python's semantics have it.  The surviving counter and log
scale the loss and go into the global HISTORY.  CAPS gets an oversize entry in the
middle at step 10 and at the front at step 20.  Probes: nonlocal and cell-list writes in
an inlined closure followed by a raise caught in the step (the exception table of an
inlined frame); a converter that drops the writes of the frame that raised, or keeps the
writes of iterations after it, changes the counts."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1979)
rng = np.random.default_rng(1979)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CAPS = [0.5, 1.0, 1.5, 2.0]
LIMIT = 3.0
HISTORY = []


class CapError(OverflowError):
    pass


def train_step(x, y):
    checked = 0
    log = []

    def check(cap):
        nonlocal checked
        checked += 1
        log.append(cap)
        if cap > LIMIT:
            raise CapError("cap too large")
        return cap

    total = 0.0
    try:
        for cap in CAPS:
            total += check(cap)
    except OverflowError as e:
        log.append(str(e))
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * (1.0 + 0.01 * checked)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    HISTORY.append((checked, total, log))
    return loss


for step in range(30):
    if step == 10:
        CAPS.insert(2, 9.0)
    if step == 20:
        CAPS.insert(0, 7.0)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), HISTORY[-1])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "last": HISTORY[-1],
    "iterations": int(OPT.iterations.numpy()),
}))

"""A trainer factory returns three closures over the same cells: `step` (the training
step: it writes `nonlocal seen, last, log`), `report()` (reads the cells after each
call) and `rescale(f)` (called by the loop at steps 10 and 20: rebinds `scale` and
REPLACES `log` with a new list).  The step both mutates the cell's list in place
(`log.append`) and, every fifth call, rebinds the cell to a trimmed copy
(`log = log[-3:]`); it returns `last`, the same float object it stores in the cell.
`report()`, made before any call, must see the step's writes to the cells (and the
list object the cell now holds: `report()[2] is log_seen_by_step`), and the step must
see rescale()'s rebinding.  Probes: cells shared with sibling closures made earlier,
written by a converted call (deferred `nonlocal` writes committed into the caller's own
cells), in-place list changes vs. rebinding of the cell, and the identity of the objects
the cells hold afterwards."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1999)
rng = np.random.default_rng(1999)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def make_trainer():
    seen = 0
    last = None
    scale = 1.0
    log = []

    def step(x, y, trim):
        nonlocal seen, last, log
        with tf.GradientTape() as tape:
            h = tf.tanh(x @ W1) * scale
            loss = tf.reduce_mean(tf.square(h @ W2 - y))
        grads = tape.gradient(loss, [W1, W2])
        OPT.apply_gradients(zip(grads, [W1, W2]))
        seen += 1
        last = float(loss)
        log.append(last)
        if trim:
            log = log[-3:]
        return loss, last, log

    def report():
        return seen, last, log, scale

    def rescale(f):
        nonlocal scale, log
        scale = scale * f
        log = ["rescaled"]

    return step, report, rescale


STEP, REPORT, RESCALE = make_trainer()

for n in range(30):
    if n == 10:
        RESCALE(0.8)
    if n == 20:
        RESCALE(1.25)
    i = (n * 8) % 56
    loss, last, log = STEP(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), n % 5 == 4)
    seen, r_last, r_log, scale = REPORT()
    print(n, repr(float(loss)), seen, r_last is last, r_log is log, len(r_log), repr(scale))

seen, last, log, scale = REPORT()
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "seen": seen,
    "log": [repr(v) if isinstance(v, float) else v for v in log],
    "scale": repr(scale),
    "iterations": int(OPT.iterations.numpy()),
}))

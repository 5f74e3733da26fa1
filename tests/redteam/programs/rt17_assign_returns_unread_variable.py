"""The step returns what tf.Variable.assign / assign_add / assign_sub return, and the
loop keeps those objects.

In eager mode `v.assign(...)` (read_value=True) returns an `_UnreadVariable`: a
variable-like object bound to v's handle that reads the variable's value lazily,
every time it is used.  The loop keeps one per step; at the end each of them reads
the variable's *current* value, so all kept EMA records print the final EMA.
`v.assign(..., read_value=False)` returns None in eager (an Operation in a graph).
A graph that returned the assigned value as a plain tensor would freeze each
record at the value it had when assigned (the JSON's kept values would form a
history instead of a constant), report another type, or return an Operation.
Probes: the Python objects TF variable methods return in eager, escaping the step."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7707)
rng = np.random.default_rng(7707)

XS = rng.normal(size=(100, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) + 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
B = tf.Variable(tf.zeros((1,)))
EMA = tf.Variable(0.0)
SEEN = tf.Variable(0.0)
BUDGET = tf.Variable(1000.0)
LAST = tf.Variable(0.0)
OPT = keras.optimizers.SGD(learning_rate=0.05)
KEPT_EMA = []
KEPT_SEEN = []
KEPT_BUDGET = []
NONES = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    ema_ref = EMA.assign(0.8 * EMA + 0.2 * loss)
    seen_ref = SEEN.assign_add(tf.cast(tf.shape(x)[0], tf.float32))
    budget_ref = BUDGET.assign_sub(loss)
    nothing = LAST.assign(loss, read_value=False)
    return loss, ema_ref, seen_ref, budget_ref, nothing


for step in range(32):
    i = (step * 10) % 90
    loss, ema_ref, seen_ref, budget_ref, nothing = train_step(
        tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    KEPT_EMA.append(ema_ref)
    KEPT_SEEN.append(seen_ref)
    KEPT_BUDGET.append(budget_ref)
    NONES.append(nothing is None)
    print(step, repr(float(loss)), repr(float(ema_ref)), type(ema_ref).__name__,
          type(nothing).__name__)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "kept_ema": [repr(float(r)) for r in KEPT_EMA[::4]],
    "kept_seen": [repr(float(r)) for r in KEPT_SEEN[::4]],
    "kept_budget": [repr(float(r)) for r in KEPT_BUDGET[::4]],
    "ref_types": sorted({type(r).__name__ for r in KEPT_EMA + KEPT_SEEN + KEPT_BUDGET}),
    "nones": sum(NONES),
    "ema": repr(float(EMA.numpy())),
    "iterations": int(OPT.iterations.numpy()),
}))

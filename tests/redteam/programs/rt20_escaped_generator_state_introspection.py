"""Probes a generator the step makes, advances once and stores, which the loop then
inspects (`inspect.getgeneratorstate`, `gi_frame.f_locals`) and resumes.

Every eighth call the step makes `plan = batch_plan(PLAN_LEN)`: the generator reads
`len(LOG)` into `base` at its first resume (inside the step, before the step appends to
LOG), yields `base + k`, and the step stores it on HOLDER.  Between restarts, the loop
asks `inspect.getgeneratorstate(HOLDER.it)` (GEN_SUSPENDED after the step's `next`,
GEN_CLOSED when exhausted), reads `k` and `base` from the frame, and takes the next
value with `next(HOLDER.it, None)`.  PLAN_LEN changes at step 16 and 24.

A conversion that makes the stored generator anew at commit and replays it lazily
would show GEN_CREATED, a frame without `base`, or a `base` read after the step's append:
the printed states, values and LOG differ.
"""
import inspect
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2022)
random.seed(2022)
np.random.seed(2022)
rng = np.random.default_rng(2022)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)

LOG = []
PLAN_LEN = 5


class Holder:
    it = None


HOLDER = Holder()


def batch_plan(n):
    base = len(LOG)
    k = 0
    while k < n:
        yield base + k
        k += 1


def train_step(x, y, restart):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    first = None
    if restart:
        plan = batch_plan(PLAN_LEN)
        first = next(plan)
        HOLDER.it = plan
    LOG.append(round(float(loss), 6))
    return loss, first


for step in range(40):
    if step == 16:
        PLAN_LEN = 2
    if step == 24:
        PLAN_LEN = 9
    i = (step * 8) % 56
    loss, first = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step % 8 == 0)
    it = HOLDER.it
    state = inspect.getgeneratorstate(it)
    frame = it.gi_frame
    loc = None if frame is None else (frame.f_locals.get("base"), frame.f_locals.get("k"))
    nxt = next(it, None)
    print(step, round(float(loss), 6), first, state, loc, nxt, inspect.getgeneratorstate(it))

print(json.dumps({
    "log_len": len(LOG),
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))

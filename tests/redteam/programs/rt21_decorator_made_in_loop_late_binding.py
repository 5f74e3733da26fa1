"""A decorator defined in the step, applied in a loop to lambdas that close over the loop variable.

Inside the step: `counted(fn)` wraps fn in a wrapper that bumps the step's `nonlocal
calls` and multiplies by SCALES[calls % len(SCALES)]; the loop `for k in range(NUM):
heads.append(counted(lambda v: v * (k + 1)))` makes one wrapped lambda per head.  All
lambdas share the step's cell for k (late binding), so when they run after the loop
every head multiplies by NUM, not by its own k + 1; each wrapper's factor depends on
how many wrapped calls ran before it (the shared counter), and a stacked
`@counted @counted` helper counts twice.  The contract: a decorator made in the step
passes the step's cells on to the wrappers it makes.  A conversion that snapshots k
per lambda (early binding) or gives each wrapper its own counter gives other factors.
Mid-run NUM grows (step 12), an item of SCALES is replaced (step 22) and SCALES grows
(step 30).  Printed: the counter and the combined factor per step.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2120)
random.seed(2120)
np.random.seed(2120)
rng = np.random.default_rng(2120)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.01)

NUM = 2
SCALES = [1.0, 0.5]


def train_step(x, y):
    calls = 0

    def counted(fn):
        def wrapper(v):
            nonlocal calls
            calls += 1
            return fn(v) * SCALES[calls % len(SCALES)]
        return wrapper

    heads = []
    for k in range(NUM):
        heads.append(counted(lambda v: v * (k + 1)))

    @counted
    @counted
    def bias(v):
        return v + 0.125

    with tf.GradientTape() as tape:
        h = x @ W
        out = bias(h)
        for f in heads:
            out = out + f(h)
        loss = tf.reduce_mean(tf.square(out - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    probe = sum(f(1.0) for f in heads) + bias(0.0)
    return loss, calls, probe, k


for step in range(40):
    if step == 12:
        NUM = 3
    if step == 22:
        SCALES[1] = 0.25
    if step == 30:
        SCALES.append(2.0)
    i = (step * 8) % 88
    loss, calls, probe, k = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), calls, repr(probe), k)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))

"""A decorator defined in the step, applied DEPTH times in a Python loop to one
activation: `act = counted(act)`.  Each call of `counted` makes a new cell `fn` holding
the previous layer of wrapping, and every wrapper shares the step's `calls` cell through
`nonlocal`; calling the outermost wrapper walks the chain, so `calls` grows by DEPTH per
activation call, and the innermost `fn` is tf.tanh.  DEPTH (a global) goes from 2 to 4 at
step 10 and to 0 at step 20 (no wrapping: `calls` stays 0).  A second decorator,
`scaled(k)`, returns a decorator that multiplies by k (a cell one level further out).
Probes: the cells of closures made by a function the step calls several times are
per-invocation objects, not per code object; a converter that keeps one cell per code
(or per variable name) ties every wrapper to the last `fn` and recurses, or counts once."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1919)
rng = np.random.default_rng(1919)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
DEPTH = 2
FACTORS = [1.0, 0.9]


def train_step(x, y):
    calls = 0

    def counted(fn):
        def wrapper(t):
            nonlocal calls
            calls += 1
            return fn(t)
        return wrapper

    def scaled(k):
        def deco(fn):
            def inner(t):
                return fn(t) * k
            return inner
        return deco

    act = tf.tanh
    for _ in range(DEPTH):
        act = counted(act)
    for k in FACTORS:
        act = scaled(k)(act)
    with tf.GradientTape() as tape:
        h = act(x @ W1)
        out = act(h @ W2)
        loss = tf.reduce_mean(tf.square(out - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, calls


for step in range(30):
    if step == 10:
        DEPTH = 4
        FACTORS.append(1.1)
    if step == 20:
        DEPTH = 0
    i = (step * 8) % 56
    loss, calls = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), calls)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))

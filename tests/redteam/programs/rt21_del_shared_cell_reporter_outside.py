"""`del` of a cell the step shares with closures that the program calls between steps.

make_trainer() returns three closures over one cell `cache`: the training step,
report() and put().  The step reads `cache` inside `try/except NameError` (an emptied
cell raises NameError, whose message the step keeps), then either stores the loss as a
Python float in it or, while RESET is set, runs `del cache` (DELETE_DEREF), emptying
the cell for every closure that shares it (a `del` of an already empty cell raises
NameError too, which the step catches and records).  Between steps the program calls report()
(which reads the cell) and, at step 33, put() refills it.  The contract says `del name`
of a shared cell is deferred to the commit; the cell is then empty, a read of an empty
cell must be guarded as "empty" (the handler runs: prev = None and the NameError text),
and a graph built while the cell held a float must not run once it is empty, nor vice
versa.  RESET is set at step 12, cleared at step 20 and set again at step 28.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2121)
random.seed(2121)
np.random.seed(2121)
rng = np.random.default_rng(2121)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

RESET = False
MESSAGES = []


def make_trainer():
    cache = 0.0

    def report():
        try:
            return repr(cache)
        except NameError:
            return "<empty>"

    def put(v):
        nonlocal cache
        cache = v

    def step(x, y):
        nonlocal cache
        try:
            prev = cache
        except NameError as e:
            MESSAGES.append(str(e))
            prev = None
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        grads = tape.gradient(loss, [W])
        scale = 1.0 if prev is None else 1.0 / (1.0 + prev)
        OPT.apply_gradients([(grads[0] * scale, W)])
        if RESET:
            try:
                del cache
            except NameError as e:
                MESSAGES.append("del: " + str(e))
        else:
            cache = float(loss)
        return loss, prev

    return step, report, put


train_step, report, put = make_trainer()

for step in range(40):
    if step == 12:
        RESET = True
    if step == 20:
        RESET = False
    if step == 28:
        RESET = True
    if step == 33:
        put(0.5)
    i = (step * 8) % 88
    loss, prev = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(prev), report(), len(MESSAGES))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "messages": sorted(set(MESSAGES)),
    "count": len(MESSAGES),
    "iterations": int(OPT.iterations.numpy()),
}))

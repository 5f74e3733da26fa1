"""Probes enumerate() and reversed() over a collections.deque that the loop body
mutates.  A deque iterator checks the deque's mutation counter at every pull and raises
RuntimeError("deque mutated during iteration") at the first pull after an append or a
pop -- through enumerate() and reversed() as well.  The step walks a replay buffer of
priorities with `for i, p in enumerate(BUF)` and, on a large priority, appends a decayed
copy (only from step 9 on, when the loop raises the threshold flag), catching the
RuntimeError and falling back to a default coefficient; a second pass uses
`reversed(BUF)` and pops the left end on a negative priority (negative ones appear at
step 19).  The loop refills the deque before each call.  A graph that iterated a
snapshot would raise nothing, and train with other coefficients."""
import collections
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2232)
np.random.seed(2232)
keras.utils.set_random_seed(2232)
rng = np.random.default_rng(2232)

XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (np.abs(XS[:, :1]) + XS[:, 3:4]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
BUF = collections.deque(maxlen=8)
TEMPLATE = [0.2, 0.9, 0.4]
CFG = {"thresh": 10.0}
ERRS = {"fwd": 0, "rev": 0}


def train_step(x, y):
    coef = 0.0
    try:
        for i, p in enumerate(BUF):
            coef += p * (i + 1)
            if p > CFG["thresh"]:
                BUF.append(p * 0.5)
    except RuntimeError:
        ERRS["fwd"] += 1
        coef = 1.0
    back = 0.0
    try:
        for p in reversed(BUF):
            back += p
            if p < 0:
                BUF.popleft()
    except RuntimeError:
        ERRS["rev"] += 1
        back = -1.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y)) * (1.0 + 0.1 * coef) + 0.01 * back
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, coef, back


for step in range(36):
    if step == 9:
        CFG["thresh"] = 0.5
    if step == 19:
        TEMPLATE.insert(1, -0.3)
    if step == 28:
        CFG["thresh"] = 10.0
    BUF.clear()
    BUF.extend(TEMPLATE)
    i = (step * 8) % 64
    loss, coef, back = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(coef), repr(back), ERRS, list(BUF))

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "errs": ERRS, "buf": list(BUF),
}))

"""A dict iterator whose dict changed size is broken for good in CPython: once a pull
raised "dictionary changed size during iteration", the iterator stays broken (di_used is
set to -1) even after the dict is back to the size and keys it had.

The step keeps a dict of per-term loss weights (self.terms).  It takes an iterator over
the dict, pulls the first term, with a for loop that breaks at once, then (in the "probe" mode) inserts a
temporary key, goes on with a second for loop over the same iterator (RuntimeError,
caught), deletes the temporary key, and goes on with a third for loop over the same
iterator: in
CPython that third pull raises again, although the dict now has exactly the keys and
size it had when the iterator was made.  The "plain" mode pulls without touching the
dict.  The loop switches modes every few steps and at step 20 adds a new weight term.
A graph that re-checks "has the size changed since the iterator was made?" at each pull
instead of remembering the first failure would hand the third pull a term, add its loss
and count one error fewer.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(7)
np.random.seed(7)
keras.utils.set_random_seed(7)

rng = np.random.default_rng(7)
X = tf.constant(rng.normal(size=(64, 4)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))

W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.Adam(learning_rate=0.01)


def term(name, err):
    if name == "mse":
        return tf.reduce_mean(tf.square(err))
    if name == "mae":
        return tf.reduce_mean(tf.abs(err))
    if name == "l2":
        return tf.reduce_sum(tf.square(W))
    return tf.reduce_mean(tf.math.log(tf.cosh(err)))


class State:
    def __init__(self):
        self.terms = {"mse": 1.0, "mae": 0.5, "l2": 0.01}
        self.mode = "plain"
        self.errors = 0
        self.used = []


ST = State()


def train_step(x, y):
    used = []
    with tf.GradientTape() as tape:
        err = x @ W - y
        it = iter(ST.terms)
        for first in it:
            used.append(first)
            loss = ST.terms[first] * term(first, err)
            break
        if ST.mode == "probe":
            ST.terms["_tmp"] = 0.0
        try:
            for name in it:
                used.append(name)
                loss = loss + ST.terms[name] * term(name, err)
                break
        except RuntimeError:
            ST.errors += 1
            used.append("err")
        if ST.mode == "probe":
            del ST.terms["_tmp"]
        try:
            for name in it:
                used.append(name)
                loss = loss + ST.terms[name] * term(name, err)
        except RuntimeError:
            ST.errors += 1
            used.append("err2")
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    ST.used.append(len(used))
    return loss, used


for step in range(36):
    ST.mode = "probe" if (step // 3) % 2 == 1 else "plain"
    if step == 20:
        ST.terms["logcosh"] = 0.25
    i = (step * 8) % 56
    loss, used = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, ST.mode, repr(float(loss)), used, ST.errors, sorted(ST.terms))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "errors": ST.errors,
    "used": ST.used,
    "terms": ST.terms,
}))

"""Exceptions raised by train_step after partial updates, caught by the loop, inspected
as a program inspects them: `__context__`, `__cause__`, `__suppress_context__`, the
traceback's function names and (for this file's frames) line numbers, `e.args`.

The step updates W1 and appends to LOG, then calls check(batch_id) which may raise
SkipBatch (a program exception) when batch_id is in BLACKLIST; then reads SCALE[batch_id % 3]
inside try/except KeyError and re-raises `ValueError(...) from e`; only then updates W2.
  step 12: BLACKLIST.add(3)   (batch 3 comes at steps 17, 24, 31: W1 updated, W2 not)
  step 20: del SCALE[1]        (ids with id % 3 == 1 raise ValueError from KeyError)
  step 27: SCALE[1] = 0.5      (back)
  step 30: BLACKLIST.discard(3); BLACKLIST.add(5)
Eager keeps the partial W1 update and the LOG append of a raising call, and the
exception's chain holds exactly the program's exceptions. A converter that re-runs a
failed call inside its own `except` (so `__context__` is its internal error), adds frames
to the traceback, applies W1 twice or not at all, or appends to LOG twice differs.
"""
import random
import traceback

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(835)


class SkipBatch(Exception):
    pass


BLACKLIST = set()
SCALE = {0: 1.0, 1: 1.0, 2: 1.0}
LOG = []
rng = np.random.default_rng(835)
XS = rng.normal(size=(56, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) ** 2 * 0.3).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)


def check(batch_id):
    if batch_id in BLACKLIST:
        raise SkipBatch("batch %d blacklisted" % batch_id)


def train_step(x, y, batch_id):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    LOG.append(batch_id)
    check(batch_id)
    try:
        s = SCALE[batch_id % 3]
    except KeyError as e:
        raise ValueError("no scale for %d" % batch_id) from e
    W2.assign_sub(0.05 * s * g2)
    return loss


def describe(e):
    tb = traceback.extract_tb(e.__traceback__)
    mine = [(f.name, f.lineno) for f in tb if f.filename == __file__]
    return (type(e).__name__, e.args, repr(e.__context__), repr(e.__cause__), e.__suppress_context__,
            [f.name for f in tb], mine)


for step in range(36):
    if step == 12:
        BLACKLIST.add(3)
    if step == 20:
        del SCALE[1]
    if step == 27:
        SCALE[1] = 0.5
    if step == 30:
        BLACKLIST.discard(3)
        BLACKLIST.add(5)
    batch_id = step % 7
    x = tf.constant(XS[batch_id * 8:batch_id * 8 + 8])
    y = tf.constant(YS[batch_id * 8:batch_id * 8 + 8])
    try:
        loss = train_step(x, y, batch_id)
        print(step, "ok", repr(float(loss)), len(LOG))
    except (SkipBatch, ValueError) as e:
        print(step, "caught", describe(e), len(LOG))
    print("   w", repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))

print("log", LOG)
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))

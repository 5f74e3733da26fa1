"""The step validates its hyperparameters by collecting problems into an
ExceptionGroup and handling it with `except*` clauses (CPython's CHECK_EG_MATCH /
PREP_RERAISE_STAR machinery): a ValueError part is counted and repaired, a
KeyError part logged, and the rest re-raised.  Which parts the group holds depends on
globals the loop changes: at step 8 LR goes negative (ValueError), at step 14 the
CONFIG dict loses its "clip" key (KeyError), at step 21 both are fixed.  The
training itself runs on the repaired values."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3620)
rng = np.random.default_rng(3620)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
LR = 0.05
CONFIG = {"clip": 1.0}
REPAIRS = []


def check():
    problems = []
    if LR <= 0:
        problems.append(ValueError("lr must be positive"))
    if "clip" not in CONFIG:
        problems.append(KeyError("clip"))
    if problems:
        raise ExceptionGroup("bad config", problems)


def train_step(x, y):
    lr, clip = LR, CONFIG.get("clip", 0.5)
    try:
        check()
    except* ValueError as eg:
        lr = abs(LR)
        REPAIRS.append(("value", len(eg.exceptions)))
    except* KeyError:
        REPAIRS.append(("key", 1))
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    grads = [tf.clip_by_norm(g, clip) for g in grads]
    W1.assign_sub(lr * grads[0])
    W2.assign_sub(lr * grads[1])
    return loss, lr, clip


for step in range(30):
    if step == 8:
        LR = -0.05
    if step == 14:
        del CONFIG["clip"]
    if step == 21:
        LR = 0.03
        CONFIG["clip"] = 2.0
    i = (step * 8) % 56
    loss, lr, clip = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), repr(lr), repr(clip), len(REPAIRS))

print(json.dumps({
    "W1": [float(v).hex() for v in W1.numpy().ravel()[:8]],
    "W2": [float(v).hex() for v in W2.numpy().ravel()],
    "repairs": REPAIRS[-4:],
}))

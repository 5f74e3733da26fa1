"""A hand-written diagonally preconditioned update.  Each step first applies plain SGD
to W1 (assign_sub), appends the loss to a Python history, then updates a running
second-moment vector S with S.assign(relu(0.9*S + 0.1 + g2^2 - shrink)), inverts
diag(S) with tf.linalg.inv and only then updates W2 and a step counter.  Some batches
carry a huge `shrink` (a corrupted normaliser): S becomes exactly zero, MatrixInverse
fails with "Input is not invertible" AFTER W1 and S were written and BEFORE W2.  The
loop catches InvalidArgumentError and goes on; the next batch makes S positive again.
Eager leaves W1 and S updated, the history appended, W2 / counter untouched.

Probes: all-or-nothing when the op that fails (MatrixInverse, not an assertion) sits
downstream of an update.  A converter that does not know MatrixInverse can fail after a
write, or that restores only some of the written variables, re-runs the step in the
interpreter on top of the graph's writes (W1 stepped twice, S decayed twice) or loses
the eager partial update; one that defers the history append past the failure drops it.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1401)
rng = np.random.default_rng(1401)

N_STEPS = 40
XS = rng.normal(size=(N_STEPS, 8, 5)).astype(np.float32)
YS = (XS.sum(axis=2, keepdims=True) * 0.3).astype(np.float32)
POISON = {9, 21, 22, 37}
SHRINK = np.array([1e4 if s in POISON else 0.0 for s in range(N_STEPS)], np.float32)

W1 = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.5, name="W1")
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5, name="W2")
S = tf.Variable(np.ones(4, np.float32), name="S")
DONE = tf.Variable(0, dtype=tf.int64, name="done")
LR = 0.02
HISTORY = []
STATE = {"ok": 0, "failed": []}


def train_step(x, y, shrink):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        pred = h @ W2
        loss = tf.reduce_mean(tf.square(pred - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(LR * g1)
    HISTORY.append(round(float(loss), 6))
    S.assign(tf.nn.relu(0.9 * S + 0.1 + tf.reduce_sum(tf.square(g2), axis=1) - shrink))
    precond = tf.linalg.inv(tf.linalg.diag(S))
    W2.assign_sub(LR * (precond @ g2))
    DONE.assign_add(1)
    STATE["ok"] += 1
    return loss


for step in range(N_STEPS):
    try:
        loss = train_step(tf.constant(XS[step]), tf.constant(YS[step]),
                          tf.constant(SHRINK[step]))
        tag = repr(float(loss))
    except tf.errors.InvalidArgumentError as e:
        STATE["failed"].append(step)
        tag = "FAILED not-invertible=%s" % ("not invertible" in str(e))
    if step % 3 == 0 or step in POISON or step - 1 in POISON:
        print(step, tag, "W1sum=%r" % float(tf.reduce_sum(W1)),
              "W2=%r" % [float(v) for v in W2.numpy().ravel()],
              "S=%r" % [float(v) for v in S.numpy()],
              "done=%d" % int(DONE.numpy()), "hist=%d" % len(HISTORY))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "S": [repr(float(v)) for v in S.numpy()],
    "done": int(DONE.numpy()),
    "history_len": len(HISTORY),
    "history_tail": HISTORY[-5:],
    "state": STATE,
}))

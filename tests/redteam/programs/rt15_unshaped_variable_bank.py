"""Probe: a tf.Variable declared with an unknown dimension (shape=[None, 4]) that the
step grows and trims, and Python decisions made on its current size.

A memory bank of past features starts with 0 rows; each step appends the batch's
features (`BANK.assign(tf.concat([BANK, f], 0)[-cap:])`) and uses the bank in a
contrastive-style penalty. Eager: `BANK.shape` is the declared (None, 4) but
`BANK.value().shape[0]` and `len(BANK.numpy())` are the current row count, a Python
int that the step compares with `CAP` to decide whether the penalty uses the bank
(`if rows >= 8:`) and prints. `cap` changes at step 16 (24 -> 12), so the bank shrinks.
In a graph the read's static shape is (None, 4): a build that takes `.shape[0]` of the
read statically gets None (or the build-time size frozen), and the Python branch on it
goes the wrong way. Mechanism: variables with relaxed shapes and Python ints from their
dynamic shape."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1521)
rng = np.random.default_rng(1521)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.3)
V = tf.Variable(np.zeros((4, 1), np.float32))
BANK = tf.Variable(tf.zeros((0, 4)), shape=tf.TensorShape([None, 4]), trainable=False)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CAP = [24]


def train_step(x, y):
    rows = BANK.value().shape[0]
    declared = BANK.shape[0]
    with tf.GradientTape() as tape:
        f = tf.tanh(x @ W)
        loss = tf.reduce_mean(tf.square(f @ V - y))
        if rows is not None and rows >= 8:
            sim = f @ tf.transpose(BANK)
            loss = loss + 0.01 * tf.reduce_mean(tf.square(sim)) * (rows / CAP[0])
    grads = tape.gradient(loss, [W, V])
    OPT.apply_gradients(zip(grads, [W, V]))
    BANK.assign(tf.concat([BANK, tf.stop_gradient(f)], 0)[-CAP[0]:])
    return loss, rows, declared, len(BANK.numpy())


for step in range(30):
    if step == 16:
        CAP[0] = 12
    i = (step * 4) % 60
    loss, rows, declared, after = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(round(float(loss), 6)), "rows", rows, "declared", declared, "after", after)

print(json.dumps({"bank_rows": int(tf.shape(BANK)[0]),
                  "bank_sum": round(float(tf.reduce_sum(BANK)), 5),
                  "V": [round(float(v), 6) for v in V.numpy().ravel()]}))

"""A raw-TF linear model whose step updates its weights by a chain of assignments with
reads of the same variables between them, each read through another path: the value
`w.assign_sub(...)` returns (eagerly an unread variable: reduced once right away and
once more at the `return`, after later writes, where it shows the later value),
`w.read_value()`, `tf.identity(w)`, `w.value()`, `w + 0.0`,
`float(acc)`, `acc.numpy()`; an accumulator variable `ACC` is assigned from W's
values between W's writes and then halved.  Every read must see exactly the writes
before it in program order.  Mid-run Python numbers the chain uses change: `SHRINK`
at steps 8 and 22, `LR` at step 15, and at step 27 the loop resets `ACC` itself.
Probes: read-after-write and write-after-read ordering of a few variables within one
converted call, through several reading APIs."""
import random

import numpy

random.seed(5724)
numpy.random.seed(5724)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5724)
rng = np.random.default_rng(5724)
XS = rng.normal(size=(180, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [2.0], [0.1]], np.float32) - 0.4).astype(np.float32)

W = tf.Variable(np.zeros((4, 1), np.float32), name="w")
B = tf.Variable([0.0], name="b")
ACC = tf.Variable(0.0, name="acc")
LR = 0.1
SHRINK = 1.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, W) + B
        loss = tf.reduce_mean(tf.square(pred - y))
    gw, gb = tape.gradient(loss, [W, B])
    before = tf.identity(W)
    stepped = W.assign_sub(LR * gw)
    stepped_now = tf.reduce_sum(stepped)
    mid = W.read_value()
    W.assign(W * SHRINK)
    shrunk = W.value()
    ACC.assign_add(tf.reduce_sum(W - before))
    snap = float(ACC)
    B.assign_sub(LR * gb)
    b_now = B + 0.0
    ACC.assign(ACC * 0.5)
    half = ACC.numpy()
    return (loss, stepped_now, tf.reduce_sum(stepped), tf.reduce_sum(mid),
            tf.reduce_sum(shrunk), snap, b_now[0], half)


for step in range(32):
    if step == 8:
        SHRINK = 0.9
    if step == 15:
        LR = 0.03
    if step == 22:
        SHRINK = 1.05
    if step == 27:
        ACC.assign(10.0)
    i = (step * 9) % 171
    loss, st0, st, md, sh, snap, b_now, half = train_step(tf.constant(XS[i:i + 9]),
                                                          tf.constant(YS[i:i + 9]))
    print(step, repr(float(loss)), repr(float(st0)), repr(float(st)), repr(float(md)),
          repr(float(sh)), repr(snap), repr(float(b_now)), repr(float(half)))

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()],
                  "b": repr(float(B.numpy()[0])), "acc": repr(float(ACC.numpy()))}))

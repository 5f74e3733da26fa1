"""The step updates parts of variables in odd ways: a sliced assign V[1:3].assign(...)
(strided-slice assignment), a scatter_nd_add on a bank variable at rows chosen from the
labels, an assign_add whose returned value is used in the loss of the *next* line (the
value after the add), and a read of the same variable before and after (float(V[0, 0]) and
tf.identity).  A Python global ROWS (which rows the slice covers) changes at step 11
(1:3 -> 0:2) and a global SCALE at step 19.  Probes: variable writes through slices and
scatters inside a step, with reads before and after them in program order."""
import random

import numpy

random.seed(414)
numpy.random.seed(414)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3834)
rng = np.random.default_rng(3834)
XS = rng.normal(size=(40, 3)).astype(np.float32)
LAB = rng.integers(0, 4, size=(40,)).astype(np.int32)
YS = (XS @ np.array([[0.3], [0.2], [-0.4]], np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.2)
V = tf.Variable(np.zeros((4, 2), np.float32))
BANK = tf.Variable(np.zeros((4, 3), np.float32))
COUNT = tf.Variable(0.0)
OPT = keras.optimizers.SGD(learning_rate=0.05)
ROWS = (1, 3)
SCALE = 0.1


def train_step(x, lab, y):
    before = float(V[0, 0])
    v_before = tf.identity(V)
    with tf.GradientTape() as tape:
        pred = x @ W + tf.reduce_sum(tf.gather(V, lab), axis=1, keepdims=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    a, b = ROWS
    V[a:b].assign(V[a:b] + SCALE * tf.ones([b - a, 2]))
    BANK.scatter_nd_add(tf.expand_dims(lab, 1), x)
    c = COUNT.assign_add(1.0)
    after = float(V[0, 0])
    return loss, before, after, float(c), tf.reduce_sum(v_before)


for step in range(28):
    if step == 11:
        ROWS = (0, 2)
    elif step == 19:
        SCALE = -0.05
    i = (step * 8) % 40
    loss, before, after, c, vb = train_step(tf.constant(XS[i:i + 8]), tf.constant(LAB[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(before), repr(after), repr(c), repr(float(vb)))

print(json.dumps({"W": W.numpy().ravel().tolist(), "V": V.numpy().tolist(),
                  "BANK": BANK.numpy().tolist(), "COUNT": float(COUNT)}))

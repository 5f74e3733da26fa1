"""Merge layers called as co-execution sites with a Python list of tensors whose length and
contents change between calls: Add() over 2, 3 or 4 branch outputs, Concatenate() whose
`axis` attribute is changed mid-run (step 14), Dot() whose `axes` and `normalize`
attributes change (steps 10 and 20), and a list that is the same Python list object
mutated in place between two calls within one step. crc32 keeps the step interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(4747)
rng = np.random.default_rng(4747)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")

BRANCHES = [keras.layers.Dense(4, activation=a) for a in ("tanh", "relu", "sigmoid", "elu")]
for b in BRANCHES:
    b.build((None, 4))
ADD = keras.layers.Add()
CAT = keras.layers.Concatenate(axis=-1)
DOT = keras.layers.Dot(axes=1)
HEAD_A = keras.layers.Dense(1)
HEAD_B = keras.layers.Dense(1)
HEAD_A.build((None, 8))
HEAD_B.build((None, 4))
VARS = [v for b in BRANCHES for v in b.trainable_variables] + HEAD_A.trainable_variables + HEAD_B.trainable_variables


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y, step):
    n = 2 + step % 3
    with tf.GradientTape() as tape:
        outs = [b(x) for b in BRANCHES[:n]]
        s = ADD(outs)
        pair = [outs[0], outs[1]]
        c1 = CAT(pair)
        pair[1] = s
        c2 = CAT(pair)
        if CAT.axis != -1:
            c1 = tf.reshape(c1, (-1, 8))
            c2 = tf.reshape(c2, (-1, 8))
        d = DOT([outs[0], s])
        p = HEAD_A(c1 + c2) + HEAD_B(s) + 0.1 * d
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(s.numpy().tobytes()) % 881
    grads = tape.gradient(loss, [v.value for v in VARS], unconnected_gradients="zero")
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc, d


for step in range(33):
    if step == 10:
        DOT.normalize = True
    if step == 14:
        CAT.axis = 0
    if step == 20:
        DOT.axes = [1, 1]
        DOT.normalize = False
    if step == 26:
        CAT.axis = -1
    i = (step * 8) % 88
    loss, grads, crc, d = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]), step)
    print(step, repr(float(loss)), crc, flat(d)[:3])
    print("  g", flat(grads[-1]), flat(grads[-3]), flat(grads[7]))

print(json.dumps({"vars": [repr(float(tf.reduce_sum(v))) for v in VARS]}))

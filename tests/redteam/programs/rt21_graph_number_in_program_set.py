"""`x in S` where x is a Python number the graph computes and S is the program's set.

The step computes Python numbers from tensors (`c = int(argmax)`, `f = float(...)`,
`b = c > 1`) and asks membership in the program's sets: `c in FOCUS` (ints),
`f in FOCUS` (a float equal to an int item is IN the set: 2.0 == 2), `b in FLAGS`
(True == 1), and `f2 in BIG` where BIG = {2**53 + 1} and f2 is the float 2**53:
Python compares int and float exactly, so `9007199254740992.0 in {9007199254740993}`
is False, while a float64 comparison (or one in a common dtype) says True.  The number
changes every call, so a graph must test membership at run time (or fall back).  Mid-run
the sets change in place: FOCUS gains and loses ids (steps 12, 24), FLAGS swaps 1 for
0 (step 18), BIG gains 2**53 itself (step 30: now True).  Printed: each membership per
step and the loss the boosts scale.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2133)
random.seed(2133)
np.random.seed(2133)
rng = np.random.default_rng(2133)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

FOCUS = {0, 2}
FLAGS = {1}
BIG = {2 ** 53 + 1}


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = x @ W
        loss = tf.reduce_mean(tf.square(logits - y))
    grads = tape.gradient(loss, [W])
    c = int(tf.argmax(tf.reduce_sum(logits, axis=0)))
    f = float(c)
    b = c > 1
    base = int(tf.reduce_sum(tf.cast(tf.zeros_like(x[:1, :1]), tf.int64))) + 2 ** 53
    f2 = float(base)
    hits = (c in FOCUS, f in FOCUS, b in FLAGS, f2 in BIG, base in BIG, (base + 1) in BIG)
    boost = 1.0 + 0.5 * sum(hits)
    OPT.apply_gradients([(grads[0] * boost, W)])
    return loss, c, hits


for step in range(40):
    if step == 12:
        FOCUS.add(1)
    if step == 18:
        FLAGS.discard(1)
        FLAGS.add(0)
    if step == 24:
        FOCUS.discard(2)
    if step == 30:
        BIG.add(2 ** 53)
    i = (step * 8) % 88
    loss, c, hits = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), c, hits)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))

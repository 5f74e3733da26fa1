"""Object lifetime: the step averages an ensemble read from a global list of variables;
the loop removes a member mid-run (pruning) and a finalizer reports it freed.

The step's guard on the list's members must not keep a removed member alive: eager frees
it when `pop` returns and the result is dropped."""
import gc
import random
import weakref

import numpy as np
import tensorflow as tf

random.seed(3)
np.random.seed(3)
tf.random.set_seed(3)
rng = np.random.default_rng(5)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)
MEMBERS = []
for k in range(4):
    member = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32), name=f"member{k}")
    weakref.finalize(member, print, f"member {k} freed")
    MEMBERS.append(member)
del member


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = tf.add_n([x @ m for m in MEMBERS]) / len(MEMBERS)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MEMBERS)
    for m, g in zip(MEMBERS, grads):
        m.assign_sub(0.1 * g)
    return loss


for step in range(24):
    if step in (8, 16):
        MEMBERS.pop(1)
        gc.collect()
        print("members left:", [m.name for m in MEMBERS])
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

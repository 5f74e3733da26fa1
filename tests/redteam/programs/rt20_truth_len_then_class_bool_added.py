"""Probes which dunder decides an object's truth when the class gains and loses
`__bool__` mid-run.

The step adds a replay penalty when `if BUFFER:` holds.  `ReplayBuffer` defines only
`__len__` at first, so the truth test is `len(items) > 0`.  The loop fills the buffer from
outside.  At step 14 the program adds `ReplayBuffer.__bool__` (returning the `enabled`
flag, False), at step 20 it sets `enabled = True`, at step 26 it deletes the class's
`__bool__` again (truth through `__len__`), at step 32 it clears `items` (falsy), and at
step 38 it refills.

Eager follows the class at every truth test.  A graph that guarded `__len__` only (and
not the absence of `__bool__`), or the first answer, would keep adding (or skipping) the
penalty: losses and weights differ.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2004)
random.seed(2004)
np.random.seed(2004)
rng = np.random.default_rng(2004)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
B = tf.Variable([0.0])
OPT = keras.optimizers.SGD(learning_rate=0.03)


class ReplayBuffer:
    def __init__(self):
        self.items = []
        self.enabled = False

    def __len__(self):
        return len(self.items)


BUFFER = ReplayBuffer()
RX = tf.constant(XS[56:64])
RY = tf.constant(YS[56:64])


def train_step(x, y):
    use_replay = 1.0 if BUFFER else 0.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
        replay = tf.reduce_mean(tf.square(RX @ W + B - RY))
        total = loss + use_replay * 0.5 * replay
    grads = tape.gradient(total, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return total, use_replay


def buffer_bool(self):
    return self.enabled


for step in range(44):
    if step % 5 == 4:
        BUFFER.items.append(step)
    if step == 14:
        ReplayBuffer.__bool__ = buffer_bool
        print("class gains __bool__")
    if step == 20:
        BUFFER.enabled = True
    if step == 26:
        del ReplayBuffer.__bool__
        print("class loses __bool__")
    if step == 32:
        BUFFER.items.clear()
    if step == 38:
        BUFFER.items.extend([1, 2])
    i = (step * 8) % 56
    total, used = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, round(float(total), 6), used, len(BUFFER.items))

print(json.dumps({
    "items": BUFFER.items,
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
    "B": round(float(B.numpy()[0]), 6),
    "iterations": int(OPT.iterations.numpy()),
}))

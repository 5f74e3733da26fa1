"""Probes: object death caused by an in-place operator on a list (`BUF *= 0`).

The step keeps the last micro-batch records in a module-level list and resets it with
the in-place repeat `BUF *= 0` (list_inplace_repeat clears the list when the count is
0) before appending a new record it makes.  The records the list held lose their last
reference at that instruction.  From step 9 the loop registers a weakref.finalize on
each record after the call; the finalizer prints and increments a counter the step
reads right after the reset to choose its learning rate.  janus's death detector
follows list/dict/deque methods and item writes; an INPLACE multiply on a list is a
binary-op instruction, not a method call, and may not be seen as dropping entries."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1804)
rng = np.random.default_rng(1804)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)

COUNT = {"freed": 0}


class Item:
    def __init__(self, tag):
        self.tag = tag


BUF = [Item(-1)]


def on_free(tag):
    COUNT["freed"] += 1
    print("  item", tag, "freed")


def train_step(x, y, tag):
    global BUF
    BUF *= 0
    BUF.append(Item(tag))
    lr = 0.08 if COUNT["freed"] % 2 == 0 else 0.03
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(lr * g1)
    W2.assign_sub(lr * g2)
    print("  step", tag, "freed", COUNT["freed"], "lr", lr)
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    if step >= 9:
        weakref.finalize(BUF[0], on_free, BUF[0].tag)
    print(step, repr(float(loss)), "freed", COUNT["freed"])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "freed": COUNT["freed"],
    "buf": [it.tag for it in BUF],
}))

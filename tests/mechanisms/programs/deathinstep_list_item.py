"""The step stores the token it uses into a slot of the program's list
(`SLOTS[0] = TOKENS[k]`); each token's class has a __del__ that decays a variable
the rest of the step reads, and prints.  Twice the loop replaces the token in TOKENS
that the slot holds, so the next item write drops its last reference.  Eager runs the
__del__ at that item write, before the step reads the variable; a graph's item writes
land after the graph read it."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(63)
rng = np.random.default_rng(63)
XS = rng.normal(size=(24, 8, 3)).astype(np.float32)
YS = rng.normal(size=(24, 8, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
TEMP = tf.Variable(1.0)


class Token:
    def __init__(self, n):
        self.n = n

    def __del__(self):
        TEMP.assign(TEMP * 0.9)
        print("  token", self.n, "released")


TOKENS = [Token(0), Token(1)]
SLOTS = [None, "spare"]


def train_step(x, y, k):
    SLOTS[0] = TOKENS[k]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W / TEMP - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for step in range(24):
    k = step % 2
    if step in (7, 15):
        TOKENS[1 - k] = Token(100 + step)
    loss = train_step(XS[step], YS[step], k)
    print(step, round(float(loss), 6), round(float(TEMP.numpy()), 6))

print(json.dumps({"w": W.numpy().ravel().tolist(), "temp": float(TEMP.numpy()),
                  "slot": SLOTS[0].n}))

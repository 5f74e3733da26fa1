"""The step rebinds a global (`CURRENT = TOKENS[k]`) to one of the program's tokens,
whose class has a __del__ that decays a variable the rest of the step reads, and
prints.  Twice the loop replaces the token the trainer holds in TOKENS, so the next
write drops its last reference.  There eager runs the finalizer at the write, before
the step reads the variable; a graph's write lands after the graph read it (here a global write)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(62)
rng = np.random.default_rng(61)
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


def token(n):
    return Token(n)


TOKENS = [token(0), token(1)]
CURRENT = None


def train_step(x, y, k):
    global CURRENT
    CURRENT = TOKENS[k]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W / TEMP - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for step in range(24):
    k = step % 2
    if step in (7, 15):
        # The token CURRENT holds is now held by CURRENT alone: this step's
        # write drops its last reference.
        TOKENS[1 - k] = token(100 + step)
    loss = train_step(XS[step], YS[step], k)
    print(step, round(float(loss), 6), round(float(TEMP.numpy()), 6))

print(json.dumps({"w": W.numpy().ravel().tolist(), "temp": float(TEMP.numpy())}))

"""The step swaps the token its trainer holds (`trainer.token = TOKENS[k]`); a
weakref.finalize on each token decays a variable the rest of the step reads, and
prints.  Twice the loop replaces the token the trainer holds in TOKENS, so the next
write drops its last reference.  There eager runs the finalizer at the write, before
the step reads the variable; a graph's write lands after the graph read it."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(61)
rng = np.random.default_rng(61)
XS = rng.normal(size=(24, 8, 3)).astype(np.float32)
YS = rng.normal(size=(24, 8, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
TEMP = tf.Variable(1.0)


class Token:
    def __init__(self, n):
        self.n = n


def released(n):
    TEMP.assign(TEMP * 0.9)
    print("  token", n, "released")


def token(n):
    made = Token(n)
    weakref.finalize(made, released, n)
    return made


class Trainer:
    token = None


TOKENS = [token(0), token(1)]
trainer = Trainer()


def train_step(x, y, k):
    trainer.token = TOKENS[k]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W / TEMP - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for step in range(24):
    k = step % 2
    if step in (7, 15):
        # The token the trainer holds is now held by the trainer alone: this step's
        # write drops its last reference.
        TOKENS[1 - k] = token(100 + step)
    loss = train_step(XS[step], YS[step], k)
    print(step, round(float(loss), 6), round(float(TEMP.numpy()), 6))

print(json.dumps({"w": W.numpy().ravel().tolist(), "temp": float(TEMP.numpy())}))

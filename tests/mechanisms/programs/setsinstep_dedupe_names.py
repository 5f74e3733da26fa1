"""A step collects the names of the layers whose gradient norm passed a threshold the
loop changes (a Python float read with .numpy() after the step would be eager-only, so
here the names come from a global config list), deduplicating with `set()` and `add`,
discarding a name, and testing membership to pick a loss term.  The set is stored on a
tracker and printed; the loop changes the config list in place at step 8 and rebinds
it at step 14, and after the run adds to the stored set (its room shows)."""
import json
import random
import sys

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(31)
rng = np.random.default_rng(31)
XS = rng.normal(size=(40, 4)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 5)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.5)
opt = keras.optimizers.SGD(0.05)
WATCH = ["dense", "head", "dense", "norm", "head", "aux"]


class Tracker:
    def __init__(self):
        self.names = None


T = Tracker()


def train_step(x, y):
    seen = set()
    for name in WATCH:
        seen.add(name)
    seen.discard("aux")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
        if "norm" in seen:
            loss = loss + 0.01 * tf.reduce_sum(tf.square(W1))
    opt.apply_gradients(zip(tape.gradient(loss, [W1, W2]), [W1, W2]))
    T.names = seen
    return loss, len(seen)


for step in range(20):
    if step == 8:
        WATCH.remove("norm")
        WATCH.append("extra")
    if step == 14:
        WATCH = ["norm"] + [f"block{i}" for i in range(12)]
    i = (step * 4) % 36
    loss, n = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 5), n, sorted(T.names), sys.getsizeof(T.names))

T.names.update(f"late{i}" for i in range(20))
print(json.dumps({"W2": [round(float(v), 5) for v in W2.numpy().ravel()],
                  "size": sys.getsizeof(T.names), "n": len(T.names)}))

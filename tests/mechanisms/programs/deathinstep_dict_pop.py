"""The step keeps the lease it works under in the program's registry and hands it
back with `LEASES.pop("active")` before taking the next one; a weakref.finalize on
each lease decays a variable the rest of the step reads, and prints.  Twice the loop
drops its own reference to the active lease, so the step's pop drops the last one:
eager runs the finalizer at the pop, before the step reads the variable; a graph's
dict writes land after the graph read it."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(64)
rng = np.random.default_rng(64)
XS = rng.normal(size=(24, 8, 3)).astype(np.float32)
YS = rng.normal(size=(24, 8, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
TEMP = tf.Variable(1.0)


class Lease:
    def __init__(self, n):
        self.n = n


def expired(n):
    TEMP.assign(TEMP * 0.9)
    print("  lease", n, "expired")


def lease(n):
    made = Lease(n)
    weakref.finalize(made, expired, n)
    return made


POOL = [lease(0), lease(1)]
LEASES = {"active": POOL[0]}


def train_step(x, y, k):
    LEASES.pop("active")
    LEASES["active"] = POOL[k]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W / TEMP - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for step in range(24):
    k = step % 2
    if step in (7, 15):
        # The lease in LEASES is now held by LEASES alone.
        POOL[1 - k] = lease(100 + step)
    loss = train_step(XS[step], YS[step], k)
    print(step, round(float(loss), 6), round(float(TEMP.numpy()), 6))

print(json.dumps({"w": W.numpy().ravel().tolist(), "temp": float(TEMP.numpy()),
                  "active": LEASES["active"].n}))

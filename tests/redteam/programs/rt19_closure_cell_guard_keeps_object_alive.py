"""A callback made by a factory, `SCALER = make_scaler(Gain(...))`, is a closure whose
cell holds a Gain object with a `weakref.finalize` that logs its death.  The step calls
`SCALER(h)` every call (a closure from outside: its free variable is read through its
cell, and guarded).  The loop replaces SCALER with a new closure over a new Gain at steps
10 and 20, and at the end sets it to None.  In eager the old closure, its cell and the
Gain die at that rebinding, and the log shows it before the next step.  Cells take no
weak references: a guard that keeps the cell to read its contents at every call keeps
the Gain alive with it.  Probes: object lifetime through guards on closure cells; a
graph cache that holds the old cell keeps the old Gain alive, so its finalizer runs late
or never (the contract: a graph keeps none of the program's objects alive)."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1989)
rng = np.random.default_rng(1989)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
DIED = []


class Gain:
    def __init__(self, name, value):
        self.name = name
        self.value = value


def make_scaler(gain):
    weakref.finalize(gain, DIED.append, gain.name)

    def scaler(t):
        return t * gain.value
    return scaler


SCALER = make_scaler(Gain("warmup", 1.0))


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = SCALER(tf.tanh(x @ W1))
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 10:
        SCALER = make_scaler(Gain("main", 0.9))
        print("replaced; died so far:", list(DIED))
    if step == 20:
        SCALER = make_scaler(Gain("cooldown", 0.8))
        print("replaced; died so far:", list(DIED))
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(DIED))

SCALER = None
print("cleared; died:", list(DIED))
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "died": list(DIED),
    "iterations": int(OPT.iterations.numpy()),
}))

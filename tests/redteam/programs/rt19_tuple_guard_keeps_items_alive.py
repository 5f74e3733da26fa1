"""A hook configuration kept as a TUPLE in a global, `HOOK = ("name", hook_object)`,
read by the step every call (the step calls `HOOK[1].scale()` and uses `HOOK[0]` in its
record).  The loop replaces HOOK with a new tuple at steps 10 and 20 and drops every
other reference to the old hook object, which has a `weakref.finalize` (and a __del__)
that logs its death.  In eager the old tuple, and the hook with it, dies at the loop's
rebinding, before the next step; the step reports how many hooks have died.  A guard
that compares a tuple item by item must hold the tuple (tuples take no weak reference),
and with it every object inside it.  Probes: object lifetime through guards on
containers without weak references; a graph cache that keeps the old tuple alive keeps
the hook alive too, and its finalizer runs late or never (the contract: a graph keeps
none of the program's objects alive)."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1951)
rng = np.random.default_rng(1951)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
DIED = []


class Hook:
    def __init__(self, name, factor):
        self.name = name
        self.factor = factor

    def scale(self):
        return self.factor


def make_hook(name, factor):
    hook = Hook(name, factor)
    weakref.finalize(hook, DIED.append, name)
    return (name, hook)


HOOK = make_hook("warmup", 1.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * HOOK[1].scale()
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, HOOK[0]


for step in range(30):
    if step == 10:
        HOOK = make_hook("main", 0.8)
        print("replaced; died so far:", list(DIED))
    if step == 20:
        HOOK = make_hook("cooldown", 0.5)
        print("replaced; died so far:", list(DIED))
    i = (step * 8) % 56
    loss, name = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), name, len(DIED))

HOOK = None
print("cleared; died:", list(DIED))
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "died": list(DIED),
    "iterations": int(OPT.iterations.numpy()),
}))

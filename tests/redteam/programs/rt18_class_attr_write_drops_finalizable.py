"""Probes: object death caused by a write to a CLASS attribute inside the step.

The step publishes a fresh checkpoint handle with `Registry.current = Handle(tag)`, a
class-attribute write (deferred by janus and stored with type.__setattr__ at commit) of
an object the step makes.  The handle the class attribute held until now loses its last
reference exactly at that write.  From step 10 on the loop registers a weakref.finalize
callback on each published handle (after the call), which prints a line and bumps a
counter; the step reads that counter right after the write and uses it as a learning
rate factor.  In eager the finalizer runs at the write, before the read and before the
step's own print.  The contract's death detector (state/deaths.py) lists attribute,
global, list/dict/deque writes; a class-attribute write stored by type.__setattr__ at
commit is a shape it may not read, so a graph would read the stale counter and print
the finalizer's line after the step's output."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1801)
rng = np.random.default_rng(1801)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32) * 0.7).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)

RELEASED = {"n": 0}
ORDER = []


class Handle:
    def __init__(self, tag):
        self.tag = tag


class Registry:
    current = None


def on_release(tag):
    RELEASED["n"] += 1
    ORDER.append(tag)
    print("  finalizer: handle", tag, "released")


def train_step(x, y, tag):
    Registry.current = Handle(tag)
    factor = 1.0 / (1.0 + 0.25 * RELEASED["n"])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grad = tape.gradient(loss, W)
    W.assign_sub(0.05 * factor * grad)
    print("  step sees released =", RELEASED["n"], "factor", factor)
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    if step >= 10:
        weakref.finalize(Registry.current, on_release, Registry.current.tag)
    print(step, repr(float(loss)), "released", RELEASED["n"])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "released": RELEASED["n"],
    "order": ORDER,
    "current_tag": Registry.current.tag,
    "current_type": type(Registry.current).__name__,
}))

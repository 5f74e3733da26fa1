"""A tf.Module holds a weight and per-stage gate floats stored as attributes with computed
names (setattr(GATES, f"gate_{k}", value), tf.Module's tracking __setattr__).  The step
gets its stage k as a Python int argument (cycling 0..2) and reads
getattr(GATES, f"gate_{k}", 0.0) and hasattr(GATES, f"skip_{k}"), i.e. attribute names
built from the argument.  The loop changes a gate with setattr, deletes one with delattr
(the default is used then), adds a skip_ flag, and re-adds the gate with a new value.
Probes: getattr/hasattr with names the step computes from a changing Python int, on a
tf.Module whose attributes the loop sets and deletes with setattr/delattr."""
import random

import numpy

random.seed(5424)
numpy.random.seed(5424)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5424)
rng = np.random.default_rng(5424)
XS = rng.normal(size=(90, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-1.0], [0.5], [0.0]], np.float32)).astype(np.float32)


class Gated(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(tf.zeros((4, 1)), name="w")


GATES = Gated()
for k0 in range(3):
    setattr(GATES, f"gate_{k0}", 1.0 / (k0 + 1))
del k0
LR = 0.1


def train_step(x, y, k):
    gate = getattr(GATES, f"gate_{k}", 0.0)
    skip = hasattr(GATES, f"skip_{k}")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, GATES.w) - y))
    (g,) = tape.gradient(loss, [GATES.w])
    if not skip:
        GATES.w.assign_sub(LR * gate * g)
    return loss, gate, skip


for step in range(39):
    if step == 9:
        setattr(GATES, "gate_1", 0.9)
    if step == 15:
        delattr(GATES, "gate_2")
    if step == 21:
        setattr(GATES, "skip_0", True)
    if step == 27:
        setattr(GATES, "gate_2", 0.05)
        delattr(GATES, "skip_0")
    if step == 33:
        setattr(GATES, "skip_1", None)
    k = step % 3
    i = (step * 8) % 80
    try:
        loss, gate, skip = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), k)
        print(step, k, repr(float(loss)), gate, skip)
    except Exception as e:
        print(step, "error", type(e).__name__, e)

print(json.dumps({"w": [repr(float(a)) for a in GATES.w.numpy().ravel()],
                  "attrs": sorted(n for n in vars(GATES) if n.startswith(("gate_", "skip_")))}))

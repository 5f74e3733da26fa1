"""`==` and `!=` on the program's own objects inside a converted step (janus/build/dunders.py
compare): a dataclass's generated __eq__ (it reads `__class__`), object's identity
default, a user __eq__ returning NotImplemented for other types, a reflected comparison
with an int, and a subclass whose __eq__ goes first.  The objects change mid-run: a
field, another instance, a threshold.  Under janus and JANUS_MODE=off; prints lines,
then one JSON document."""

import dataclasses
import json

import tensorflow as tf

@dataclasses.dataclass
class Cfg:
    scale: float = 1.0
    on: bool = True

class Plain:
    pass

class Tol:
    def __init__(self, t):
        self.t = t
    def __eq__(self, other):
        if not isinstance(other, Tol):
            return NotImplemented
        return abs(self.t - other.t) < 0.1

class SubTol(Tol):
    def __eq__(self, other):
        print("sub eq")
        return True

CFG = Cfg()
P, Q = Plain(), Plain()
T = Tol(1.0)
W = tf.Variable([1.0, 2.0], dtype=tf.float64)
results = {"loss": []}

def step(x):
    loss = tf.reduce_sum(x * W)
    if CFG == Cfg():
        loss = loss + 0.01
    if CFG != Cfg(scale=2.0):
        loss = loss + 0.1
    if P == Q:
        loss = loss + 100.0
    if P != P:
        loss = loss + 1000.0
    if T == Tol(1.05):
        loss = loss * 2.0
    if T == 3:
        loss = loss * 3.0
    if 3 != T:
        loss = loss + 0.5
    if T == SubTol(9.0):
        loss = loss + 0.25
    return loss

for i in range(16):
    if i == 6:
        CFG.scale = 2.0
    if i == 8:
        T.t = 5.0
    if i == 10:
        CFG = Cfg(scale=0.5)
    results["loss"].append(float(step(tf.constant([1.0, float(i)], tf.float64))))
results["cfg"] = [CFG.scale, CFG.on]
results["t"] = T.t
print(json.dumps(results))

"""Class-level counters with SHADOWING along the MRO.  Sub inherits `calls` from Base.  Each
step does `type(OBJ).calls += 1` (the first time this reads Base.calls and CREATES Sub.calls,
which from then on shadows Base's), then `Base.calls += 10`, and reads OBJ.calls,
Sub.calls and Base.calls back in the same call.  Step 10: the program deletes Sub.calls
from outside (the inherited value shows through again, and the next increment re-creates
the shadow from Base's current value).  Step 20: it sets an instance attribute OBJ.calls
= 100, which shadows both for instance reads while `type(OBJ).calls` keeps going.  Probes:
deferred class-attribute writes and the reads after them in the same call, where which
class dict holds the name changes within the call."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1236)
rng = np.random.default_rng(1236)


class Base:
    calls = 0
    lr = 0.05


class Sub(Base):
    pass


OBJ = Sub()
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
SEEN = []


def train_step(x, y):
    type(OBJ).calls += 1
    Base.calls += 10
    seen = [OBJ.calls, Sub.calls, Base.calls]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(OBJ.lr * g)
    SEEN.append(seen)
    return loss


for step in range(30):
    if step == 10:
        del Sub.calls
    if step == 20:
        OBJ.calls = 100
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), SEEN[-1])

print(json.dumps({"base": Base.calls, "sub": Sub.__dict__.get("calls"),
                  "obj": OBJ.__dict__.get("calls"),
                  "W": [repr(float(v)) for v in W.numpy().ravel()]}))

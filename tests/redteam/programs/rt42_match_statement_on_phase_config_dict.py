"""A step dispatches on a phase config with a `match` statement: mapping patterns
(`case {"kind": "warmup", "lr": lr}`), a class pattern on a dataclass
(`case Decay(rate=r)`), a sequence pattern with a star (`case ["cyclic", *points]`) and
a guard (`if len(points) > 2`).  The loop moves through the phases by rebinding and
editing the config: a dict until step 12, then the same dict edited in place to
another kind, then a Decay dataclass at 18, then a list at 24.  janus answers match
patterns from guarded reads; each call must take the case eager takes."""
import random

import numpy

random.seed(152)
numpy.random.seed(152)

import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4352)
rng = np.random.default_rng(4352)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.3 + XS[:, 3:4] * 0.2).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))


@dataclasses.dataclass
class Decay:
    rate: float
    floor: float = 0.001


def pick_lr(cfg, t):
    match cfg:
        case {"kind": "warmup", "lr": lr}:
            return lr * (t + 1) / 12.0, "warmup"
        case {"kind": "const", "lr": lr, **rest}:
            return lr * rest.get("mult", 1.0), "const"
        case Decay(rate=r, floor=f):
            return max(0.1 * r ** t, f), "decay"
        case ["cyclic", *points] if len(points) > 2:
            return points[t % len(points)], "cyclic"
        case _:
            return 0.01, "default"


def train_step(x, y, t):
    lr, kind = pick_lr(CFG, t)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(lr * tape.gradient(loss, W))
    return loss, lr, kind


CFG = {"kind": "warmup", "lr": 0.1}
for step in range(30):
    if step == 12:
        CFG["kind"] = "const"
        CFG["mult"] = 0.5
    if step == 18:
        CFG = Decay(0.9)
    if step == 24:
        CFG = ["cyclic", 0.05, 0.02, 0.01]
    i = (step * 8) % 88
    loss, lr, kind = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), repr(lr), kind)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

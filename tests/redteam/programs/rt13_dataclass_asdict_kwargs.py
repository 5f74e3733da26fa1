"""Optimizer settings passed as **dataclasses.asdict(CFG.opt); a field of the mutable
dataclass is changed mid-run.

Config objects are dataclasses; the step expands one into keyword arguments of its
update helper: `apply_update(grads, **dataclasses.asdict(CFG.opt))`.  asdict is
standard-library Python: it walks the dataclass's fields and deep-copies each value
into a new dict, inside the call.  The loop edits the dataclass in place: at step 10
`CFG.opt.lr = 0.02`, at step 18 `CFG.opt.clip = 0.1` (clipping starts to bite), at step
25 `CFG.opt = OptCfg(lr=0.05, clip=1.0, decay=0.01)` (a new nested object).  Eager
rebuilds the dict at every call.  A build that ran asdict natively, took the dict it
returned as a made value and guarded only what the step itself read (CFG, CFG.opt)
would keep the first lr/clip/decay for steps 10-24 (no guard on the fields asdict read).
Probes: library code reading attributes of the program's objects at build time (fields
via getattr in dataclasses.asdict), a made dict expanded with **.
"""
import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1323)
rng = np.random.default_rng(1323)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True)) * 3.0).astype(np.float32)


@dataclasses.dataclass
class OptCfg:
    lr: float = 0.1
    clip: float = 10.0
    decay: float = 0.0


@dataclasses.dataclass
class Cfg:
    opt: OptCfg
    name: str = "mlp"


CFG = Cfg(opt=OptCfg())
W1 = tf.Variable(rng.normal(size=(6, 10)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(10, 1)).astype(np.float32) * 0.3)
VARS = [W1, W2]
USED = []


def apply_update(grads, lr, clip, decay):
    grads, norm = tf.clip_by_global_norm(grads, clip)
    for g, v in zip(grads, VARS):
        v.assign_sub(lr * (g + decay * v))
    USED.append((lr, clip, decay))
    return norm


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, VARS)
    norm = apply_update(grads, **dataclasses.asdict(CFG.opt))
    return loss, norm


for step in range(30):
    if step == 10:
        CFG.opt.lr = 0.02
    if step == 18:
        CFG.opt.clip = 0.1
    if step == 25:
        CFG.opt = OptCfg(lr=0.05, clip=1.0, decay=0.01)
    i = (step * 8) % 88
    loss, norm = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(norm)), USED[-1])

print(json.dumps({
    "cfg": dataclasses.asdict(CFG),
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}, sort_keys=True))

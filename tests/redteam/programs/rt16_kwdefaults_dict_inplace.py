"""Keyword-only defaults live in a function's __kwdefaults__ *dict*, and fine-tuning code
sometimes edits it in place: `weighted_mse.__kwdefaults__["weight"] = 0.5` (step 10)
and, for a kw_only dataclass whose generated __init__ holds its field defaults there,
`StepCfg.__init__.__kwdefaults__["clip"] = 0.05` and `["tag"] = "tight"` (step 20).  No
attribute of the function is assigned, so a function watcher that fires on
`f.__kwdefaults__ = ...` does not see these item writes; eager uses the new defaults at
the next call.  A graph built from the old defaults would keep the old loss weight, clip
norm and tag.  Probes: in-place mutation of __kwdefaults__ of an inlined helper and of a
dataclass __init__ made in the step."""
import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1618)
rng = np.random.default_rng(1618)

XS = rng.normal(size=(88, 6)).astype(np.float32)
YS = (np.tanh(XS[:, :3]).sum(axis=1, keepdims=True)).astype(np.float32)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)


def weighted_mse(pred, y, *, weight=1.0, offset=0.0):
    return weight * tf.reduce_mean(tf.square(pred - y)) + offset


@dataclasses.dataclass(kw_only=True)
class StepCfg:
    clip: float = 1.0
    tag: str = "base"


def train_step(x, y):
    cfg = StepCfg()
    with tf.GradientTape() as tape:
        loss = weighted_mse(model(x, training=True), y)
    grads = tape.gradient(loss, model.trainable_variables)
    grads = [tf.clip_by_norm(g, cfg.clip) for g in grads]
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    print(f"tag {cfg.tag} clip {cfg.clip!r}")
    return loss


for step in range(30):
    if step == 10:
        weighted_mse.__kwdefaults__["weight"] = 0.5
    if step == 20:
        StepCfg.__init__.__kwdefaults__["clip"] = 0.05
        StepCfg.__init__.__kwdefaults__["tag"] = "tight"
    i = (step * 8) % 80
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
    "kwdefaults": {k: repr(v) for k, v in sorted(weighted_mse.__kwdefaults__.items())},
    "cfg_defaults": {k: repr(v) for k, v in sorted(StepCfg.__init__.__kwdefaults__.items())},
    "iterations": int(OPT.iterations.numpy()),
}))

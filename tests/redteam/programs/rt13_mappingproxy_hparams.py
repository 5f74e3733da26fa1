"""Hyperparameters exposed read-only through types.MappingProxyType.

A config module keeps its private dict `_HP` and hands the rest of the program a
read-only view, `HP = types.MappingProxyType(_HP)` (the same object as a class's
__dict__).  The step reads `HP["lr"]`, `HP["wd"]` and `HP.get("clip")` every call.  The
proxy object never changes and holds no items of its own; lookups go through its C
mp_subscript to the underlying dict.  The loop edits the private dict in place: at step
10 `_HP["lr"] = 0.02`, at step 16 `_HP["clip"] = 0.5` (a key that did not exist: `.get`
returned None before), at step 22 `_HP.update(wd=0.0)`.  Eager sees every edit at the
next call.  A graph that pinned the proxy by identity (it is "immutable") and read its
items once while building would keep the first values.  Probes: guards on a read-only
view whose contents live in another object.
"""
import json
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1304)
rng = np.random.default_rng(1304)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + 0.5 * XS[:, 1:2]).astype(np.float32)

_HP = {"lr": 0.1, "wd": 1e-2}
HP = types.MappingProxyType(_HP)

W1 = tf.Variable(rng.normal(size=(5, 12)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(12, 1)).astype(np.float32) * 0.4)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = tf.tanh(x @ W1) @ W2
        mse = tf.reduce_mean(tf.square(pred - y))
        loss = mse + HP["wd"] * (tf.reduce_sum(W1 * W1) + tf.reduce_sum(W2 * W2))
    grads = tape.gradient(loss, [W1, W2])
    clip = HP.get("clip")
    if clip is not None:
        grads, _ = tf.clip_by_global_norm(grads, clip)
    for g, v in zip(grads, [W1, W2]):
        v.assign_sub(HP["lr"] * g)
    return mse


for step in range(30):
    if step == 10:
        _HP["lr"] = 0.02
    if step == 16:
        _HP["clip"] = 0.5
    if step == 22:
        _HP.update(wd=0.0)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), json.dumps(dict(HP), sort_keys=True))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()[:6]],
}))

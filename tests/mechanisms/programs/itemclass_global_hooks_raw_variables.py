"""A raw-variable step pushes the hidden activations through every hook in the global
list `HOOKS`: a hook that `isinstance(hook, Clamp)` clips to its class's `limit`, any
other hook runs its class's `apply`, which scales by the class attribute `gain`.
Mid-run the loop reassigns one item's class (`HOOKS[1].__class__ = Clamp`, then
`Halve`, then back to `Hook`), so that item is handled differently."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1)


class Hook:
    gain = 1.0

    def __init__(self, name):
        self.name = name

    def apply(self, h):
        return h * self.gain


class Clamp(Hook):
    limit = 0.4


class Halve(Hook):
    gain = 0.5


rng = np.random.default_rng(8)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 2:] + XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 5)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.5)
HOOKS = [Hook("first"), Hook("second"), Hook("third")]


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W) * 2.0
        for hook in HOOKS:
            if isinstance(hook, Clamp):
                h = tf.clip_by_value(h, -hook.limit, hook.limit)
            else:
                h = hook.apply(h)
        loss = tf.reduce_mean(tf.square(h @ V - y))
    gw, gv = tape.gradient(loss, [W, V])
    W.assign_sub(0.05 * gw)
    V.assign_sub(0.05 * gv)
    return loss


for step in range(24):
    if step == 7:
        HOOKS[1].__class__ = Clamp
    if step == 14:
        HOOKS[1].__class__ = Halve
    if step == 19:
        HOOKS[1].__class__ = Hook
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [type(h).__name__ for h in HOOKS])
print(json.dumps({"w": W.numpy().ravel().tolist(), "v": V.numpy().ravel().tolist()}))

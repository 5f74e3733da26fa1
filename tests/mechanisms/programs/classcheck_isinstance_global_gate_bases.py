"""A global gate object decides how the hidden layer is post-processed: the step
branches on `isinstance(GATE, Clipped)` and `isinstance(GATE, Leaky)`.  Mid-run the
loop reassigns the gate class's bases (`Gate.__bases__ = ...`, no class dict is
written), so the isinstance answers, and with them the branch taken, change."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)


class Root:
    pass


class Clipped(Root):
    pass


class Leaky(Root):
    pass


class Gate(Root):
    pass


rng = np.random.default_rng(21)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 5)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.5)
GATE = Gate()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = x @ W
        if isinstance(GATE, Clipped):
            h = tf.clip_by_value(h, -0.3, 0.3)
        elif isinstance(GATE, Leaky):
            h = tf.nn.leaky_relu(h, 0.2)
        else:
            h = tf.tanh(h)
        loss = tf.reduce_mean(tf.square(h @ V - y))
    gw, gv = tape.gradient(loss, [W, V])
    W.assign_sub(0.05 * gw)
    V.assign_sub(0.05 * gv)
    return loss


for step in range(24):
    if step == 7:
        Gate.__bases__ = (Clipped,)
    if step == 14:
        Gate.__bases__ = (Leaky,)
    if step == 19:
        Gate.__bases__ = (Root,)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [c.__name__ for c in Gate.__mro__])
print(json.dumps({"w": W.numpy().ravel().tolist(), "v": V.numpy().ravel().tolist()}))

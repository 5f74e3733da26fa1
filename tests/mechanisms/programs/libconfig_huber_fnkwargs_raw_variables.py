"""A two-layer regressor on raw tf.Variables trained with `Robust`, a subclass of
keras.losses.Huber; the step only calls LOSS(y, pred) and Keras passes the loss's
`_fn_kwargs` dict (holding `delta`) to the huber function.  Mid-run the loop calls the
program's own `Robust.set_delta(d)`, which edits that kwargs dict in place."""
import json

import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(6)


class Robust(keras.losses.Huber):
    def set_delta(self, d):
        self._fn_kwargs["delta"] = d


rng = np.random.default_rng(43)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (2.0 * XS[:, :1] - XS[:, 1:2] + 2.5 * (XS[:, 2:] > 0.8)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 5)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.5)
LOSS = Robust(delta=1.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = tf.tanh(x @ W) @ V
        loss = LOSS(y, pred)
    gw, gv = tape.gradient(loss, [W, V])
    W.assign_sub(0.1 * gw)
    V.assign_sub(0.1 * gv)
    return loss


for step in range(24):
    if step == 7:
        LOSS.set_delta(0.1)
    if step == 14:
        LOSS.set_delta(4.0)
    if step == 19:
        LOSS.set_delta(0.5)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), LOSS._fn_kwargs["delta"])
print(json.dumps({"w": W.numpy().ravel().tolist(), "v": V.numpy().ravel().tolist()}))

"""Raw tf.Variable two-layer net trained with Keras RMSprop whose learning rate is
`functools.partial(getattr, HP, "lr")` -- a common way to let the optimizer follow a
mutable hyper-parameter namespace without a schedule class.  Keras calls the partial
natively; `getattr` is C code that reads the program's plain HParams object.  The loop
edits the namespace mid-run: `HP.lr = 3e-3` at step 8, `vars(HP).update(lr=1e-3,
phase=...)` at step 16, and at step 25 it replaces `HP.__dict__` wholesale
(`HP.__dict__ = {...}`).  Each step prints the loss, HP.lr and HP.phase.
Probes: a program object reached only as the positional argument of a partial held by a
library object, read by a builtin (no program frame, no attribute read of the step)."""
import random

import numpy

random.seed(5904)
numpy.random.seed(5904)

import functools
import json
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5904)
rng = np.random.default_rng(5904)
XS = rng.normal(size=(180, 4)).astype(np.float32)
YS = (np.maximum(XS[:, :1], 0.0) - 0.4 * XS[:, 3:4] + 0.1).astype(np.float32)

W1 = tf.Variable(rng.normal(scale=0.4, size=(4, 10)).astype(np.float32), name="w1")
B1 = tf.Variable(np.zeros((10,), np.float32), name="b1")
W2 = tf.Variable(rng.normal(scale=0.4, size=(10, 1)).astype(np.float32), name="w2")
PARAMS = [W1, B1, W2]


class HParams:
    def __init__(self, **kw):
        self.__dict__.update(kw)


HP = HParams(lr=1e-2, phase="warm")
OPT = keras.optimizers.RMSprop(learning_rate=functools.partial(getattr, HP, "lr"), rho=0.8)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1 + B1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, PARAMS)
    OPT.apply_gradients(zip(grads, PARAMS))
    return loss


for step in range(32):
    if step == 8:
        HP.lr = 3e-3
    if step == 16:
        vars(HP).update(lr=1e-3, phase="main")
    if step == 25:
        HP.__dict__ = {"lr": 6e-3, "phase": "restart"}
    i = (step * 15) % 165
    loss = train_step(tf.constant(XS[i:i + 15]), tf.constant(YS[i:i + 15]))
    print(step, repr(float(loss)), repr(HP.lr), HP.phase)

print(json.dumps({
    "w1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
    "w2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

"""A training-mode flag kept in a `contextvars.ContextVar` (as async-friendly libraries
do): the step reads `MODE.get()` and uses dropout-like input masking and a smaller LR
in "finetune" mode.  The script sets the variable with `MODE.set("finetune")` at step
12 and resets it with the token at step 20.  A ContextVar's value is not an attribute
or item of anything the program holds; janus must read it at each call or refuse."""
import random

import numpy

random.seed(133)
numpy.random.seed(133)

import contextvars
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4333)
rng = np.random.default_rng(4333)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * 0.5).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
MODE = contextvars.ContextVar("mode", default="pretrain")
MASK = tf.constant([[1.0, 0.0, 1.0, 1.0]])


def train_step(x, y):
    mode = MODE.get()
    if mode == "finetune":
        x = x * MASK
        lr = 0.01
    else:
        lr = 0.1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(lr * tape.gradient(loss, W))
    return loss, mode


token = None
for step in range(30):
    if step == 12:
        token = MODE.set("finetune")
    if step == 20:
        MODE.reset(token)
    i = (step * 8) % 88
    loss, mode = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), mode)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

"""A @contextmanager that switches a global mode for the duration of a block and
restores the previous one afterwards (`with evaluation(): ...` inside the step computes
a held-out loss with the mode off); the loop changes the mode it starts from at step 8
and the held-out scale at step 13."""
import contextlib
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(72)
rng = np.random.default_rng(72)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
opt = keras.optimizers.SGD(0.05)
STATE = {"training": True, "scale": 1.0}


@contextlib.contextmanager
def evaluation():
    before = STATE["training"]
    STATE["training"] = False
    yield STATE["scale"]
    STATE["training"] = before


def loss_of(x, y):
    loss = tf.reduce_mean(tf.square(x @ W - y))
    return loss * 1.1 if STATE["training"] else loss


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(x, y)
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    with evaluation() as scale:
        held = loss_of(x[:2], y[:2]) * scale
    return loss, held, STATE["training"]


for step in range(20):
    if step == 8:
        STATE["training"] = False
    if step == 13:
        STATE["scale"] = 0.5
    i = (step * 4) % 36
    loss, held, mode = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 6), round(float(held), 6), mode)

print(json.dumps({"W": [round(float(v), 6) for v in W.numpy().ravel()], "state": STATE}))

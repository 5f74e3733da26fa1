"""Which immutable argument kinds keep their identity through a converted step: the
caller passes, each call, freshly made but equal objects of several kinds (bytes from
`bytes(list)`, a complex from `complex(str)`, and a negative large int), and the step stores
them in a tuple on the trainer.  The caller
checks `stored[i] is arg[i]` per kind.  From step 12 it passes the same objects every
call.  Eagerly every check is True."""
import random

import numpy

random.seed(172)
numpy.random.seed(172)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4372)
rng = np.random.default_rng(4372)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 0.8).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))


class Trainer:
    def __init__(self):
        self.stored = None

    def step(self, x, y, tag, c, big):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        W.assign_sub(0.05 * tape.gradient(loss, W))
        self.stored = (tag, c, big)
        return loss


def make():
    return (bytes([104, 105]), complex("1+2j"),
            -(10 ** 9) - int("7"))


tr = Trainer()
fixed = make()
for step in range(30):
    args = make() if step < 12 else fixed
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), *args)
    print(step, repr(float(loss)), [a is b for a, b in zip(tr.stored, args)],
          [type(a).__name__ for a in tr.stored])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

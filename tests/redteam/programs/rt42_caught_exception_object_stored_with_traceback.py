"""The step validates a Python-side config and, when invalid, raises and catches its own
`ConfigError`, storing the exception object itself (`self.errors.append(e)`) for an
end-of-epoch report, then trains with a fallback scale.  The report prints each stored
error's `args`, whether it has a traceback, the traceback's line number, and whether two
stored errors are the same object.  Invalid configs are passed on calls 3, 9 and from
step 12 on every other call.  Eagerly each stored exception carries the traceback of its
raise.  janus builds the handler into the graph and re-makes objects at commit; the
exception object the program keeps must be eager's."""
import random

import numpy

random.seed(121)
numpy.random.seed(121)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4321)
rng = np.random.default_rng(4321)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 3:4]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))


class ConfigError(Exception):
    pass


class Trainer:
    def __init__(self):
        self.errors = []

    def step(self, x, y, lr):
        try:
            if lr <= 0.0:
                raise ConfigError("non-positive lr")
            scale = lr
        except ConfigError as e:
            self.errors.append(e)
            scale = 0.01
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        W.assign_sub(scale * tape.gradient(loss, W))
        return loss


tr = Trainer()
for step in range(30):
    bad = step in (3, 9) or (step >= 12 and step % 2 == 0)
    lr = -1.0 if bad else 0.05
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), lr)
    e = tr.errors[-1] if tr.errors else None
    print(step, repr(float(loss)), len(tr.errors),
          None if e is None else (e.args, e.__traceback__ is None,
                                  None if e.__traceback__ is None else e.__traceback__.tb_lineno))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "distinct": len({id(e) for e in tr.errors}),
                  "n": len(tr.errors)}))

"""Mechanism: an instance's attribute dict reached through a container: the program keeps
`VIEWS = {"cfg": CFG.__dict__}` (the very dict the instance stores its attributes in).
The step writes `CFG.momentum = CFG.momentum * 0.95` and `CFG.calls += 1` (attribute
writes) and then, in the same call, reads them back as dict items through the alias,
`VIEWS["cfg"]["momentum"]` and `VIEWS["cfg"].get("calls")`, to scale the gradient.  At
step 16 the loop resets CFG.momentum.  Eager reads the values just written (one dict); a
build that deferred the attribute writes to the commit and read the dict items from the
heap uses the previous step's values.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(151)
np.random.seed(151)
keras.utils.set_random_seed(151)
rng = np.random.default_rng(151)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, 1:2] * 2.0 - XS[:, 0:1]).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Cfg:
    def __init__(self):
        self.momentum = 1.0
        self.calls = 0


CFG = Cfg()
VIEWS = {"cfg": CFG.__dict__}


def train_step(x, y):
    CFG.momentum = CFG.momentum * 0.95
    CFG.calls += 1
    m = VIEWS["cfg"]["momentum"]
    n = VIEWS["cfg"].get("calls")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip([g * m for g in grads], [W]))
    return loss, m, n


for step in range(30):
    if step == 16:
        CFG.momentum = 1.0
    i = (step * 8) % 56
    loss, m, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(m), n)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "momentum": repr(CFG.momentum), "calls": CFG.calls}))

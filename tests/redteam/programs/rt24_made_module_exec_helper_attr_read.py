"""Mechanism: a module the program makes itself, `HP = types.ModuleType("hp")`, put in
sys.modules, whose functions are compiled into its namespace with exec(SRC, HP.__dict__).
Its helper `hp.decay()` does `global lr_scale, n_decay` writes in the module's own dict.
The step calls `HP.decay()` and then, in the same call, reads `HP.lr_scale` and
`HP.n_decay` as module ATTRIBUTES, and also imports it (`import hp`) and reads
`hp.lr_scale`.  At step 14 the loop sets `HP.lr_scale = 1.0` from outside.  Eager sees the
helper's global writes through the attribute reads (one dict); a build that kept the
exec'd helper's globals apart from the module's attributes reads the previous values.
"""
import json
import random
import sys
import types

import keras
import numpy as np
import tensorflow as tf

random.seed(67)
np.random.seed(67)
keras.utils.set_random_seed(67)
rng = np.random.default_rng(67)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 1.5 + 0.2).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)

HP = types.ModuleType("hp")
sys.modules["hp"] = HP
SRC = '''
lr_scale = 1.0
n_decay = 0

def decay():
    global lr_scale, n_decay
    lr_scale = lr_scale * 0.93
    n_decay = n_decay + 1
'''
exec(SRC, HP.__dict__)


def train_step(x, y):
    import hp
    HP.decay()
    s = HP.lr_scale
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip([g * s for g in grads], [W, B]))
    return loss, s, HP.n_decay, hp.lr_scale


for step in range(30):
    if step == 14:
        HP.lr_scale = 1.0
    i = (step * 8) % 56
    loss, s, n, s2 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(s), n, repr(s2))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "B": [repr(float(v)) for v in B.numpy().ravel()],
                  "lr_scale": repr(HP.lr_scale), "n": HP.n_decay}))

"""Mechanism: a module attribute written by the step and then read back in the same call
by a `from hp import lr_scale, n_updates` statement inside the step (IMPORT_FROM reads
the attribute from the module object in sys.modules).  `hp` is a module the program
makes (types.ModuleType, registered in sys.modules).  The step calls `HP.bump()`, a
function exec'd into the module's namespace that does `global lr_scale, n_updates`
writes there, before the import.  At step 13 the loop sets
HP.lr_scale back to 1.0.  Eager's import reads the values just written; a build that
answered IMPORT_FROM from the module as it was (the attribute writes deferred to the
commit) applies the previous step's scale and returns the previous count.
"""
import json
import random
import sys
import types

import keras
import numpy as np
import tensorflow as tf

random.seed(173)
np.random.seed(173)
keras.utils.set_random_seed(173)
rng = np.random.default_rng(173)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] * XS[:, 2:3] + 0.1).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 5)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

HP = types.ModuleType("hp")
sys.modules["hp"] = HP
exec("""
lr_scale = 1.0
n_updates = 0

def bump():
    global lr_scale, n_updates
    lr_scale = lr_scale * 0.92
    n_updates = n_updates + 1
""", HP.__dict__)


def train_step(x, y):
    HP.bump()
    from hp import lr_scale, n_updates
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.relu(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip([g * lr_scale for g in grads], [W1, W2]))
    return loss, lr_scale, n_updates


for step in range(30):
    if step == 13:
        HP.lr_scale = 1.0
    i = (step * 8) % 56
    loss, s, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(s), n)

print(json.dumps({"W1": [repr(float(v)) for v in W1.numpy().ravel()[:8]],
                  "W2": [repr(float(v)) for v in W2.numpy().ravel()],
                  "lr_scale": repr(HP.lr_scale), "n": HP.n_updates}))

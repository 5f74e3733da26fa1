"""One place, two names: a counter the step bumps through a helper's `global count`
(the module's dict) and reads back as `ME.count`, an attribute of this module object
(the same dict), plus a config module whose attribute a helper of that module rebinds
with `global` and the step reads through the module; the loop resets the counter at
step 9 and changes the config at step 14."""
import json
import random
import sys
import types

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(61)
rng = np.random.default_rng(61)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.04)
ME = sys.modules[__name__]
count = 0

CONFIG = types.ModuleType("config")
exec("scale = 1.0\n"
     "def decay():\n"
     "    global scale\n"
     "    scale = scale * 0.9\n", CONFIG.__dict__)


def bump():
    global count
    count = count + 1


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    bump()
    seen = ME.count
    CONFIG.decay()
    g = tape.gradient(loss, W) * CONFIG.scale / (1.0 + seen)
    opt.apply_gradients([(g, W)])
    return loss, seen, CONFIG.scale


for step in range(24):
    if step == 9:
        count = 0
    if step == 14:
        CONFIG.scale = 2.0
    i = (step * 4) % 44
    loss, seen, scale = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), seen, repr(scale))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "count": count,
                  "scale": CONFIG.scale}))

"""A loss scale looked up in the program's dict keyed by stage (`SCALES[stage]`, stage
an int the step computes from the optimizer's iteration count, and `BONUS[late]` by a
bool: True finds the key 1); the scale is stored and the loop checks it is the dict's
own float object.  The loop changes a scale at step 12, through a float key equal to
the int key (the dict keeps its key), and a stage past the dict's keys raises the
KeyError eagerly, which the loop catches."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(64)
rng = np.random.default_rng(64)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
OPT = keras.optimizers.SGD(0.05)
SCALES = {0: 1.0, 1: 0.75, 2: 0.5, 3: 0.25}
BONUS = {0: 0.0, 1: 0.125}
KEPT = []


def train_step(x):
    stage = int(OPT.iterations) // 7
    scale = SCALES[stage]
    late = stage >= 2
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W)) * scale + BONUS[late]
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    KEPT.append(scale)
    return loss, scale


for i in range(32):
    if i == 12:
        SCALES[1.0] = 0.6
    try:
        loss, scale = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
        print(i, repr(float(loss)), scale, any(scale is v for v in SCALES.values()))
    except KeyError as exc:
        print(i, "KeyError", exc)
print(json.dumps([repr(float(v)) for v in W.numpy().ravel()]), list(SCALES))

"""A step that reads a debug/config flag from the environment at every call
(`os.environ.get("RT41_LOSS_SCALE", "1.0")` and `"RT41_L2" in os.environ`), as
scripts do for quick experiments; the loop sets RT41_LOSS_SCALE at step 12, adds
RT41_L2 at step 18, changes the scale at 24 and deletes both at 30.  Eagerly every
call sees the current environment.  Probes: reads of os.environ (a stdlib mapping
class over the process environment) in a converted step, changed between steps."""
import os
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4150)
rng = np.random.default_rng(4150)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 0.5 - 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
os.environ.pop("RT41_LOSS_SCALE", None)
os.environ.pop("RT41_L2", None)


def train_step(x, y):
    scale = float(os.environ.get("RT41_LOSS_SCALE", "1.0"))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * scale
        if "RT41_L2" in os.environ:
            loss = loss + 0.01 * tf.reduce_sum(tf.square(W))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, scale


for step in range(36):
    if step == 12:
        os.environ["RT41_LOSS_SCALE"] = "2.0"
    elif step == 18:
        os.environ["RT41_L2"] = "1"
    elif step == 24:
        os.environ["RT41_LOSS_SCALE"] = "0.5"
    elif step == 30:
        del os.environ["RT41_LOSS_SCALE"]
        del os.environ["RT41_L2"]
    i = (step * 8) % 56
    loss, scale = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), scale)

print("W", [repr(float(v)) for v in W.numpy().ravel()])

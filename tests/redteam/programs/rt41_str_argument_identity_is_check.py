"""A step takes its phase as a str and compares it with `is` against a module constant
(a classic bug that still "works" when callers pass the constant itself):
`if phase is PHASE_TRAIN:` adds a regulariser.  The loop passes the constant object on
some steps and an equal str built at run time (`"".join(["tr", "ain"])`, a new
object) on others, so eagerly the check is True only for the constant.  Likewise a
float argument is compared with `is` against a module float.  Probes: identity of
str and float arguments (guarded by value?) in a converted step."""
import random

import numpy

random.seed(63)
numpy.random.seed(63)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4155)
rng = np.random.default_rng(4155)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * -0.5 + XS[:, 3:4] * 0.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
PHASE_TRAIN = "train"
DEFAULT_LR_SCALE = float("0.75")


class Stats:
    reg = 0
    default_scale = 0


ST = Stats()


def train_step(x, y, phase, scale):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        if phase is PHASE_TRAIN:
            ST.reg += 1
            loss = loss + 0.01 * tf.reduce_sum(tf.square(W))
        if scale is DEFAULT_LR_SCALE:
            ST.default_scale += 1
            loss = loss * scale
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(32):
    phase = PHASE_TRAIN if step % 3 == 0 else "".join(["tr", "ain"])
    scale = DEFAULT_LR_SCALE if step % 2 == 0 else float("0.75")
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), phase, scale)
    print(step, repr(float(loss)), ST.reg, ST.default_scale)

print("W", [repr(float(v)) for v in W.numpy().ravel()])

"""The step's two penalty branches are functools.partial objects made once at module
level (`STRONG = partial(penalty, coef=0.1, kind="l2")`, `WEAK = partial(penalty,
0.01)`), handed to tf.cond on a tensor predicate, and STRONG is also called directly
in the step for a logged value.  Between steps the loop edits STRONG's keywords dict
in place (`STRONG.keywords["coef"] = 0.3`, then switches kind to "l1"), and replaces
WEAK's positional argument through __setstate__.  Eagerly every call uses the
partials' current arguments.  Probes: partial objects as tf.cond branches whose
keywords/args change in place between steps."""
import functools
import random

import numpy

random.seed(59)
numpy.random.seed(59)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4151)
rng = np.random.default_rng(4151)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 0.9 - XS[:, 3:4] * 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def penalty(coef, kind="l2"):
    if kind == "l2":
        return coef * tf.reduce_sum(tf.square(W))
    return coef * tf.reduce_sum(tf.abs(W))


STRONG = functools.partial(penalty, coef=0.1, kind="l2")
WEAK = functools.partial(penalty, 0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(x @ W - y))
        pen = tf.cond(mse > 0.2, STRONG, WEAK)
        loss = mse + pen
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    logged = STRONG()
    return loss, logged


for step in range(36):
    if step == 10:
        STRONG.keywords["coef"] = 0.3
    elif step == 17:
        STRONG.keywords["kind"] = "l1"
    elif step == 24:
        WEAK.__setstate__((penalty, (0.05,), {"kind": "l1"}, None))
    i = (step * 8) % 64
    scale = 2.5 if step % 3 == 0 else 1.0
    loss, logged = train_step(tf.constant(XS[i:i + 8] * scale), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(logged)))

print("W", [repr(float(v)) for v in W.numpy().ravel()])

"""Verbose regime switching: the step selects its target scaling with `tf.case` over three
pairs plus a default, and every branch function prints which regime it took and a
Python number it computed from the step's locals (an f-string of the scale) before
returning; the step prints before and after the case.  Eagerly only the taken branch
prints, between the step's two prints, and the later branches sit deeper in tf.case's
chain of nested conds.  janus replays prints made in cond arms with a flag per arm, nested
conds carrying the inner flag.  The regime moves with the batch loss and a global bias
the caller changes at step 12.  Probes: print ordering from branch functions at several
depths of tf.case's nested conds."""
import random

import numpy

random.seed(4352)
numpy.random.seed(4352)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4352)
rng = np.random.default_rng(4352)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
BIAS = 0.0


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        err = tf.reduce_mean(tf.square(x @ W - y))
    probe = tf.stop_gradient(err) + BIAS
    scale = 1.0 + 0.01 * step
    print("step", step, "choosing")

    def r0():
        print("  regime 0 scale", f"{scale:.3f}")
        return tf.constant(1.0)

    def r1():
        print("  regime 1 scale", f"{scale * 2:.3f}")
        return tf.constant(0.5)

    def r2():
        print("  regime 2 scale", f"{scale * 3:.3f}")
        return tf.constant(0.25)

    def r3():
        print("  regime 3 (default)")
        return tf.constant(0.1)

    mult = tf.case([(probe > 3.0, r0), (probe > 1.5, r1), (probe > 0.8, r2)], default=r3)
    print("step", step, "chosen")
    grads = tape.gradient(err, [W])
    OPT.apply_gradients([(grads[0] * mult, W)])
    return err, mult


for step in range(30):
    if step == 12:
        BIAS = 1.0 if step % 2 else 2.0
    if step > 12:
        BIAS = [0.0, 1.0, 2.5][step % 3]
    i = (step * 16) % 112
    err, mult = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), step)
    print(step, repr(float(err)), repr(float(mult)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

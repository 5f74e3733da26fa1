"""A functional Keras model whose hidden activations pass through a
`tf.custom_gradient` function that clips the incoming gradient to `CLIP.limit`; the
backward function (a closure made per call, called later by the tape) reads the limit
through a program object whose attribute is found on its base class.  Mid-run the base
class's limit changes (step 8), the subclass shadows it (step 15), the instance shadows
that (step 21), and both shadows are deleted (step 27).
Probes: class-level attributes read inside a custom gradient's backward function (run
when the tape computes gradients), changed at each level of the MRO."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5824)
rng = np.random.default_rng(5824)
XS = rng.normal(size=(100, 5)).astype(np.float32) * 2.0
YS = (XS[:, :1] * 3.0 - XS[:, 1:2] * 2.0).astype(np.float32)


class ClipBase:
    limit = 0.05


class GradClip(ClipBase):
    pass


CLIP = GradClip()


@tf.custom_gradient
def clip_grad(x):
    def grad(dy):
        return tf.clip_by_value(dy, -CLIP.limit, CLIP.limit)
    return tf.identity(x), grad


h1 = keras.layers.Dense(8, activation="relu")
head = keras.layers.Dense(1)


def forward(x):
    return head(clip_grad(h1(x)))


forward(tf.zeros((1, 5)))
VARS = h1.trainable_variables + head.trainable_variables
OPT = keras.optimizers.SGD(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(forward(x) - y))
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss, grads[0]


for step in range(32):
    if step == 8:
        ClipBase.limit = 0.5
    if step == 15:
        GradClip.limit = 0.01
    if step == 21:
        CLIP.limit = 1.0
    if step == 27:
        del GradClip.limit
        del CLIP.limit
    i = (step * 9) % 90
    loss, g0 = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(float(tf.reduce_max(tf.abs(g0)))))

print(json.dumps({"w": [repr(float(v)) for v in h1.kernel.numpy().ravel()[:10]]}))

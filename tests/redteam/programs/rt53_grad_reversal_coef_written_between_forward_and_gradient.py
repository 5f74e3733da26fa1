"""Domain-adversarial training (DANN) with a gradient reversal layer written with
`tf.custom_gradient`, whose backward function returns `-LAMBDA * dy` with LAMBDA a module
global.  The step runs the forward pass under the tape, then sets the global from the
progress argument with the DANN schedule `2 / (1 + math.exp(-10 p)) - 1` (a Python float
computed in the step), and only then calls `tape.gradient`, so eager's backward function
reads the value written in the same call.  At step 21 the loop also scales the reversal
with a second global it edits (`GRL_SCALE`).  Probes: a global written by the step after
the forward pass and read by the program's backward function that TF calls during
`tape.gradient`, math of a changing Python argument, and a changed global read only in
that callback."""
import random

import numpy

random.seed(538)
numpy.random.seed(538)

import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(538)
rng = np.random.default_rng(538)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, :1] > 0).astype(np.float32)
XT = (rng.normal(size=(128, 5)) * 1.5 + 0.7).astype(np.float32)

LAMBDA = 0.0
GRL_SCALE = 1.0


@tf.custom_gradient
def grad_reverse(x):
    def grad(dy):
        return -LAMBDA * GRL_SCALE * dy
    return tf.identity(x), grad


FEAT = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh")])
CLS = keras.Sequential([keras.Input((8,)), keras.layers.Dense(1)])
DISC = keras.Sequential([keras.Input((8,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dense(1)])
VARS = FEAT.trainable_variables + CLS.trainable_variables + DISC.trainable_variables
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)
BCE = keras.losses.BinaryCrossentropy(from_logits=True)
LAMBDAS = []


def train_step(xs, ys, xt, progress):
    global LAMBDA
    with tf.GradientTape() as tape:
        fs = FEAT(xs)
        ft = FEAT(xt)
        cls_loss = BCE(ys, CLS(fs))
        feats = grad_reverse(tf.concat([fs, ft], axis=0))
        dom = tf.concat([tf.zeros((8, 1)), tf.ones((8, 1))], axis=0)
        dom_loss = BCE(dom, DISC(feats))
        loss = cls_loss + dom_loss
    LAMBDA = 2.0 / (1.0 + math.exp(-10.0 * progress)) - 1.0
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    LAMBDAS.append(LAMBDA)
    return cls_loss, dom_loss


for step in range(30):
    if step == 21:
        GRL_SCALE = 0.25
    i = (step * 8) % 120
    c, d = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(XT[i:i + 8]), step / 30)
    print(step, repr(float(c)), repr(float(d)), repr(LAMBDA), repr(float(FEAT.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({"feat": [repr(float(v)) for v in FEAT.layers[0].kernel.numpy().ravel()[:6]],
                  "disc": [repr(float(v)) for v in DISC.layers[0].kernel.numpy().ravel()[:4]],
                  "lam": [repr(v) for v in LAMBDAS[-3:]], "last_is": LAMBDAS[-1] is LAMBDA}))

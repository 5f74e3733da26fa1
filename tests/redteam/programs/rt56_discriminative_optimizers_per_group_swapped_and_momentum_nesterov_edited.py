"""Discriminative fine-tuning with one optimizer per parameter group: the step trains an
encoder and a head and applies each group's gradients with `OPTS[name].apply(...)`,
looking the optimizer up in a program dict.  Mid-run the loop reconfigures the
optimizers: step 7 the head SGD's `momentum` 0.9 -> 0.5, step 11 `nesterov = True`,
step 15 the encoder's Adam is replaced in the dict by a fresh SGD (built at its first
apply), step 20 the head optimizer's `clipvalue = 0.05`, step 24 the encoder group's
variable list gains the head's bias (the dict of groups is edited in place: the bias is
now also updated by the encoder's optimizer, which must build for it: a new SGD), step
29 the head's activation set to None.  Probes: library optimizers picked from program
dicts and reconfigured between converted calls, plain attributes Keras' update code
reads natively."""
import random

import numpy

random.seed(5636)
numpy.random.seed(5636)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5636)
rng = np.random.default_rng(5636)
XS = rng.normal(size=(144, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :2] @ np.array([[1.0], [-0.5]], np.float32)) + 0.2 * XS[:, 4:5]).astype(np.float32)

ENC = keras.layers.Dense(12, activation="relu", name="enc")
HEAD = keras.layers.Dense(1, activation="tanh", name="head")
ENC.build((None, 5))
HEAD.build((None, 12))
GROUPS = {"enc": [ENC.kernel, ENC.bias], "head": [HEAD.kernel, HEAD.bias]}
OPTS = {"enc": keras.optimizers.Adam(learning_rate=0.01),
        "head": keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)}


def train_step(x, y):
    allv = GROUPS["enc"] + GROUPS["head"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(HEAD(ENC(x)) - y))
    grads = tape.gradient(loss, allv)
    n = len(GROUPS["enc"])
    OPTS["enc"].apply(grads[:n], GROUPS["enc"])
    OPTS["head"].apply(grads[n:], GROUPS["head"])
    return loss


for step in range(34):
    if step == 7:
        OPTS["head"].momentum = 0.5
    if step == 11:
        OPTS["head"].nesterov = True
    if step == 15:
        OPTS["enc"] = keras.optimizers.SGD(learning_rate=0.02)
    if step == 20:
        OPTS["head"].clipvalue = 0.05
    if step == 24:
        GROUPS["enc"].append(HEAD.bias)
        OPTS["enc"] = keras.optimizers.SGD(learning_rate=0.02)
    if step == 29:
        HEAD.activation = None
    i = (step * 8) % 136
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(ENC.kernel.numpy()[0, 0])),
          repr(float(HEAD.kernel.numpy()[0, 0])), repr(float(HEAD.bias.numpy()[0])))

print(json.dumps({"enc": [repr(float(v)) for v in ENC.kernel.numpy().ravel()[:6]],
                  "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()[:6]],
                  "iters": [int(o.iterations.numpy()) for o in OPTS.values()]}))

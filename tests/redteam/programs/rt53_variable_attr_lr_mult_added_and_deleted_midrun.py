"""Layer-wise learning-rate multipliers hung on the variables themselves: the step does a
hand-written SGD update `v.assign_sub(LR * getattr(v, "lr_mult", 1.0) * g)` over a list
that mixes raw `tf.Variable`s and a Keras Dense layer's kernel and bias (Keras
variables).  The loop sets `lr_mult` on the first raw variable at step 7, on the Keras
kernel at step 12, changes the first again at step 18 and deletes it with `del` at step
24; at step 27 it sets `lr_mult` to an int (0) on the raw bias.  Probes: attributes the
program adds to and deletes from TF and Keras variable objects between converted calls,
read through `getattr` with a default (their absence guarded), and the type of a
multiplier changing from float to int."""
import random

import numpy

random.seed(540)
numpy.random.seed(540)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(540)
rng = np.random.default_rng(540)
XS = rng.normal(size=(160, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True)) * 2.0).astype(np.float32)

W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4, name="w1")
B1 = tf.Variable(np.zeros((8,), np.float32), name="b1")
HEAD = keras.layers.Dense(1)
HEAD.build((None, 8))
PARAMS = [W1, B1, HEAD.kernel, HEAD.bias]
LR = 0.05


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.tanh(x @ W1 + B1)
        loss = tf.reduce_mean(tf.square(HEAD(h) - y))
    grads = tape.gradient(loss, PARAMS)
    mults = []
    for g, v in zip(grads, PARAMS):
        m = getattr(v, "lr_mult", 1.0)
        mults.append(m)
        v.assign_sub(LR * m * g)
    return loss, mults


for step in range(32):
    if step == 7:
        W1.lr_mult = 0.1
    if step == 12:
        HEAD.kernel.lr_mult = 2.5
    if step == 18:
        W1.lr_mult = 4.0
    if step == 24:
        del W1.lr_mult
    if step == 27:
        B1.lr_mult = 0
    i = (step * 8) % 152
    loss, mults = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(m) for m in mults], repr(float(W1.numpy()[0, 0])),
          repr(float(HEAD.kernel.numpy()[0, 0])))

print(json.dumps({"w1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
                  "b1": [repr(float(v)) for v in B1.numpy()[:4]],
                  "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()[:4]],
                  "has": [hasattr(v, "lr_mult") for v in PARAMS]}))

"""A functional Keras model trained JAX-style through Keras 3's stateless APIs: the step
reads the trainable and non-trainable values, runs `model.stateless_call(tv, ntv, x,
training=True)` under a tape watching the values, takes the gradient, makes a
momentum-SGD update from a global hyper-parameter dict, and writes the new trainable
values, the BatchNormalization moving statistics and the velocities back with `assign`.  The loop changes the BatchNormalization's `momentum` (0.99 -> 0.5 at step 10)
and `epsilon` (at step 18), and the dict's momentum and learning rate (at step 24).
Probes: Keras StatelessScope entered inside the step by library code (state mapping of
variables to the step's values), the non-trainable updates a stateless call returns
instead of assigning, library attributes read inside that scope changed mid-run, and a
Python float of a returned moving mean stored in a global dict."""
import random

import numpy

random.seed(531)
numpy.random.seed(531)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(531)
rng = np.random.default_rng(531)
XS = (rng.normal(size=(160, 5)) * 2.0 + 1.0).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 1:2] * 0.3 + 0.1).astype(np.float32)

inp = keras.Input((5,))
h = keras.layers.Dense(8)(inp)
BN = keras.layers.BatchNormalization(momentum=0.99)
h = BN(h)
h = keras.layers.Activation("tanh")(h)
out = keras.layers.Dense(1)(h)
MODEL = keras.Model(inp, out)
VEL = [tf.Variable(tf.zeros_like(v.value), trainable=False) for v in MODEL.trainable_variables]
HP = {"lr": 0.02, "mu": 0.9}
STATS = {"calls": 0, "last_mean0": None}


def train_step(x, y):
    tv = [v.value for v in MODEL.trainable_variables]
    ntv = [v.value for v in MODEL.non_trainable_variables]
    with tf.GradientTape() as tape:
        tape.watch(tv)
        pred, new_ntv = MODEL.stateless_call(tv, ntv, x, training=True)
        loss = keras.ops.mean(keras.ops.square(pred - y))
    grads = tape.gradient(loss, tv)
    new_vel = [HP["mu"] * m + g for m, g in zip(VEL, grads)]
    new_tv = [w - HP["lr"] * m for w, m in zip(tv, new_vel)]
    for v, n in zip(MODEL.trainable_variables, new_tv):
        v.assign(n)
    for v, n in zip(MODEL.non_trainable_variables, new_ntv):
        v.assign(n)
    for v, n in zip(VEL, new_vel):
        v.assign(n)
    STATS["calls"] += 1
    STATS["last_mean0"] = float(new_ntv[0][0])
    return loss


for step in range(32):
    if step == 10:
        BN.momentum = 0.5
    if step == 18:
        BN.epsilon = 0.25
    if step == 24:
        HP["mu"] = 0.5
        HP["lr"] = 0.01
    i = (step * 16) % 144
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(STATS["last_mean0"]),
          repr(float(BN.moving_variance.numpy()[1])))

print(json.dumps({
    "k": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
    "mm": [repr(float(v)) for v in BN.moving_mean.numpy()],
    "vel": [repr(float(v)) for v in VEL[0].numpy().ravel()[:4]],
    "calls": STATS["calls"],
}))

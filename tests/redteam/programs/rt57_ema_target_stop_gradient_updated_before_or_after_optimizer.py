"""A BYOL-style step: an online Keras MLP is trained to match a target MLP's outputs,
read under `tf.stop_gradient`, plus a supervised term; the target's weights are an EMA
of the online weights, assigned in the same step.  A global flag `EMA_FIRST` decides
whether the EMA assignment happens before or after the optimizer's update; the
target is then read again (no gradient) for a printed consistency number, and the
online model is called again after the update.  Mid-run: at step 8 EMA_FIRST becomes
True, at step 14 `TAU` changes, at step 20 EMA_FIRST is False again, at step 26 the loop
copies the online weights into the target.
Probes: variables read under stop_gradient whose assignments do not depend on the
gradient path, written before/after another variable's update in one call, and read
again after both writes."""
import random

import numpy

random.seed(5725)
numpy.random.seed(5725)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5725)
rng = np.random.default_rng(5725)
XS = rng.normal(size=(192, 6)).astype(np.float32)
YS = (np.tanh(XS[:, :3].sum(axis=1, keepdims=True))).astype(np.float32)


def make_net():
    return keras.Sequential([
        keras.Input((6,)),
        keras.layers.Dense(8, activation="tanh"),
        keras.layers.Dense(4),
    ])


ONLINE = make_net()
TARGET = make_net()
for t, o in zip(TARGET.weights, ONLINE.weights):
    t.assign(o * 0.5)
HEAD = keras.layers.Dense(1)
HEAD.build((None, 4))
OPT = keras.optimizers.Adam(learning_rate=0.01)
EMA_FIRST = False
TAU = 0.9
VARS = ONLINE.trainable_variables + HEAD.trainable_variables


def ema_update():
    for t, o in zip(TARGET.weights, ONLINE.weights):
        t.assign(TAU * t + (1.0 - TAU) * o)


def train_step(x, y):
    with tf.GradientTape() as tape:
        z = ONLINE(x, training=True)
        zt = tf.stop_gradient(TARGET(x))
        loss = tf.reduce_mean(tf.square(z - zt)) + tf.reduce_mean(tf.square(HEAD(z) - y))
    grads = tape.gradient(loss, VARS)
    if EMA_FIRST:
        ema_update()
        OPT.apply_gradients(zip(grads, VARS))
    else:
        OPT.apply_gradients(zip(grads, VARS))
        ema_update()
    consistency = tf.reduce_mean(tf.abs(ONLINE(x) - TARGET(x)))
    return loss, consistency


for step in range(32):
    if step == 8:
        EMA_FIRST = True
    if step == 14:
        TAU = 0.5
    if step == 20:
        EMA_FIRST = False
    if step == 26:
        for t, o in zip(TARGET.weights, ONLINE.weights):
            t.assign(o)
    i = (step * 12) % 180
    loss, cons = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), repr(float(cons)),
          repr(float(TARGET.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({
    "online": [repr(float(v)) for v in ONLINE.layers[0].kernel.numpy().ravel()[:8]],
    "target": [repr(float(v)) for v in TARGET.layers[0].kernel.numpy().ravel()[:8]],
    "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()],
}))

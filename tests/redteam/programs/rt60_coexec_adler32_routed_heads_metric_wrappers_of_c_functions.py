"""A supervised step kept in the interpreter by an unknown C call between model
calls: the trunk's features go to `.numpy().tobytes()` and `ROUTE = zlib.adler32`
of those bytes picks one of two heads (two Keras call sites).  The loss is a
`keras.losses.Huber` object; two metrics are `MeanMetricWrapper`s whose `fn` is a C
callable: `operator.sub` (mean signed error) and `np.subtract` (numpy's ufunc, which
eagerly turns the tensors into arrays); Adam updates both heads and the trunk.
Mid-run the loop resets the bias metric (step 9), switches ROUTE to `zlib.crc32`
(step 14), sets Adam's `global_clipnorm` (step 19), replaces the bias metric's `_fn`
with `operator.truediv` (step 24) and the Huber loss's `delta` keyword in place
(step 29).
Probes: co-execution with an unknown C function deciding which Keras sites run;
metric sites whose function is a C callable (operator / numpy ufunc) held by the
metric and swapped mid-run; optimizer configuration changed between steps."""
import random

import numpy

random.seed(6027)
numpy.random.seed(6027)

import json
import operator
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6027)
rng = np.random.default_rng(6027)
XS = rng.normal(size=(160, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.8 - np.abs(XS[:, 2:3]) + 0.3).astype(np.float32)

TRUNK = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu")])
HEAD_A = keras.Sequential([keras.Input((8,)), keras.layers.Dense(1)])
HEAD_B = keras.Sequential([keras.Input((8,)), keras.layers.Dense(1, activation="softplus")])
VARS = TRUNK.trainable_variables + HEAD_A.trainable_variables + HEAD_B.trainable_variables
LOSS = keras.losses.Huber(delta=1.0)
BIAS = keras.metrics.MeanMetricWrapper(fn=operator.sub, name="bias")
ERR = keras.metrics.MeanMetricWrapper(fn=np.subtract, name="err")
OPT = keras.optimizers.Adam(learning_rate=0.01)
ROUTE = zlib.adler32


def train_step(x, y):
    with tf.GradientTape() as tape:
        feats = TRUNK(x, training=True)
        key = ROUTE(feats.numpy().tobytes())
        if key % 2 == 0:
            pred = HEAD_A(feats, training=True)
        else:
            pred = HEAD_B(feats, training=True)
        loss = LOSS(y, pred)
    grads = tape.gradient(loss, VARS)
    grads = [tf.zeros_like(v) if g is None else g for g, v in zip(grads, VARS)]
    OPT.apply_gradients(zip(grads, VARS))
    bias = BIAS(y, pred)
    err = ERR(y, pred)
    return loss, key % 2, bias, err


for step in range(34):
    if step == 9:
        BIAS.reset_state()
    if step == 14:
        ROUTE = zlib.crc32
    if step == 19:
        OPT.global_clipnorm = 0.5
    if step == 24:
        BIAS._fn = operator.truediv
    if step == 29:
        LOSS._fn_kwargs["delta"] = 0.2
    i = (step * 8) % 152
    loss, head, bias, err = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), head, repr(float(bias)), repr(float(err)))

print(json.dumps({
    "trunk": [repr(float(v)) for v in TRUNK.layers[0].kernel.numpy().ravel()[:8]],
    "a": [repr(float(v)) for v in HEAD_A.layers[0].kernel.numpy().ravel()],
    "b": [repr(float(v)) for v in HEAD_B.layers[0].kernel.numpy().ravel()],
    "bias": repr(float(BIAS.result())),
}))

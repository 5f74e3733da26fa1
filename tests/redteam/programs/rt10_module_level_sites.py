"""Keras calls at module level in the training loop (module code stays interpreted, so each
is a co-execution site): an evaluation `MODEL(xv)` and `LOSS(yv, pv)`, a BatchNormalization
model called with training toggled by a module variable, a module-level tape computing a
gradient through a model call outside any function, and the same call instruction in a
module-level `for m in (...)` loop over two models. Layer attributes change between steps
(activation at 10, BN momentum at 16, the eval model rebound at 22). train_step itself is
kept in the interpreter by crc32 of its predictions."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1818)
rng = np.random.default_rng(1818)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")
XV = tf.constant(rng.normal(size=(16, 4)).astype("float32"))
YV = tf.constant(rng.normal(size=(16, 1)).astype("float32"))

MODEL = keras.Sequential([keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
BNM = keras.Sequential([keras.layers.Dense(6), keras.layers.BatchNormalization(), keras.layers.Dense(1)])
OTHER = keras.Sequential([keras.layers.Dense(5, activation="tanh"), keras.layers.Dense(1)])
for m in (MODEL, BNM, OTHER):
    m(X[:2])
LOSS = keras.losses.MeanSquaredError()
EVAL = MODEL


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    vs = MODEL.trainable_variables + BNM.trainable_variables
    with tf.GradientTape() as tape:
        p = MODEL(x)
        q = BNM(x, training=True)
        loss = LOSS(y, p) + LOSS(y, q)
    crc = zlib.crc32(p.numpy().tobytes()) % 967
    grads = tape.gradient(loss, vs)
    for v, g in zip(vs, grads):
        v.assign_sub(0.05 * g)
    return loss, crc


training_flag = False
for step in range(32):
    if step == 10:
        MODEL.layers[0].activation = keras.activations.tanh
    if step == 16:
        BNM.layers[1].momentum = 0.5
    if step == 22:
        EVAL = OTHER
    i = (step * 8) % 88
    x, y = tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])
    loss, crc = train_step(x, y)
    pv = EVAL(XV)
    vloss = LOSS(YV, pv)
    training_flag = not training_flag
    bv = BNM(XV, training=training_flag)
    outs = []
    for m in (MODEL, OTHER):
        outs.append(repr(float(tf.reduce_sum(m(XV)))))
    with tf.GradientTape() as mtape:
        mloss = LOSS(YV, OTHER(XV))
    og = mtape.gradient(mloss, OTHER.trainable_variables)
    for v, g in zip(OTHER.trainable_variables, og):
        v.assign_sub(0.02 * g)
    print(step, repr(float(loss)), crc, repr(float(vloss)), repr(float(tf.reduce_sum(bv))), outs)
    print("  og", flat(og[-1]), flat(og[-2]), "mm", flat(BNM.layers[1].moving_mean))

print(json.dumps({"vars": [flat(v) for m in (MODEL, BNM, OTHER) for v in m.weights]}))

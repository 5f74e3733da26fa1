"""Keras layers reached by indirect calls from the co-executed step, where the call's
keyword arguments are not at the call instruction: functools.partial(layer, training=...),
map(layer, inputs), layer.__call__(x, training=...), type(layer).__call__(layer, x, ...),
operator.methodcaller('__call__', x, training=...), and layer(*args, **kw) with a kwargs dict
the loop mutates in place (training flipped every 3 steps). Dropout and BatchNormalization
make `training` visible in the outputs. crc32 keeps the step interpreted."""
import functools
import json
import operator
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(3131)
rng = np.random.default_rng(3131)
X = rng.normal(size=(96, 5)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")

D1 = keras.layers.Dense(6, activation="relu")
DROP = keras.layers.Dropout(0.4)
BN = keras.layers.BatchNormalization()
D2 = keras.layers.Dense(1)
D1.build((None, 5))
BN.build((None, 6))
D2.build((None, 6))
VARS = D1.trainable_variables + BN.trainable_variables + D2.trainable_variables
KW = {"training": True}
DROP_TRAIN = functools.partial(DROP, training=True)


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        h = D1(x)
        mode = step % 5
        if mode == 0:
            h = DROP_TRAIN(h)
        elif mode == 1:
            h = list(map(DROP, [h]))[0]
        elif mode == 2:
            h = DROP.__call__(h, training=step % 2 == 0)
        elif mode == 3:
            h = type(DROP).__call__(DROP, h, training=True)
        else:
            h = DROP(*[h], **KW)
        if step % 2:
            h = BN(*(h,), **KW)
        else:
            h = operator.methodcaller("__call__", h, training=not KW["training"])(BN)
        p = D2(h)
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(h.numpy().tobytes()) % 911
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc


for step in range(35):
    if step % 3 == 2:
        KW["training"] = not KW["training"]
    i = (step * 8) % 88
    loss, grads, crc = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]), step)
    print(step, KW["training"], repr(float(loss)), crc, flat(DROP.seed_generator.state))
    print("  mm", flat(BN.moving_mean)[:3], "g", flat(grads[-1]), flat(grads[2])[:3])

print(json.dumps({"vars": [flat(v) for v in D1.weights + BN.weights + D2.weights]}))

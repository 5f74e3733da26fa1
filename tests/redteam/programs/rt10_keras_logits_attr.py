"""Keras' softmax and sigmoid attach the pre-activation tensor to their output as
`_keras_logits`, and its crossentropy then ignores the probabilities and takes the logits
(no epsilon clipping): a head Dense(activation='softmax') and a Dense(activation='sigmoid')
called as co-execution sites hand their outputs to separate loss sites. The step also reads
`pb._keras_logits` itself and puts it in the loss (a gradient path through an attribute of
a site's output), and feeds a tf.identity copy (no attribute) to a second loss site. The
probabilities saturate, so clipped and unclipped losses differ. crc32 keeps it interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(2323)
rng = np.random.default_rng(2323)
X = (rng.normal(size=(96, 4)) * 4).astype("float32")
YC = np.eye(3, dtype="float32")[rng.integers(0, 3, size=(96,))]
YS = rng.integers(0, 3, size=(96,)).astype("int32")
YB = rng.integers(0, 2, size=(96, 1)).astype("float32")

BODY = keras.layers.Dense(6, activation="relu")
PHEAD = keras.layers.Dense(3, activation="softmax")
BHEAD = keras.layers.Dense(1, activation="sigmoid")
BODY.build((None, 4))
PHEAD.build((None, 6))
BHEAD.build((None, 6))
PHEAD.kernel.assign(PHEAD.kernel * 8.0)
BHEAD.kernel.assign(BHEAD.kernel * 8.0)
VARS = BODY.trainable_variables + PHEAD.trainable_variables + BHEAD.trainable_variables
CCE = keras.losses.CategoricalCrossentropy()
SCCE = keras.losses.SparseCategoricalCrossentropy()
BCE = keras.losses.BinaryCrossentropy()


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, yc, ys, yb):
    with tf.GradientTape() as tape:
        h = BODY(x)
        pc = PHEAD(h)
        pb = BHEAD(h)
        lc = CCE(yc, pc)
        ls = SCCE(ys, tf.identity(pc))
        lb = BCE(yb, pb)
        has = (hasattr(pc, "_keras_logits"), hasattr(pb, "_keras_logits"))
        extra = tf.reduce_mean(tf.square(pb._keras_logits)) if has[1] else tf.constant(0.0)
        loss = lc + ls + lb + 0.01 * extra
    crc = zlib.crc32(pc.numpy().tobytes()) % 941
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.01 * g)
    return (lc, ls, lb, extra), grads, has, crc


for step in range(32):
    i = (step * 8) % 88
    ls, grads, has, crc = train_step(tf.constant(X[i:i + 8]), tf.constant(YC[i:i + 8]),
                                     tf.constant(YS[i:i + 8]), tf.constant(YB[i:i + 8]))
    print(step, [repr(float(v)) for v in ls], has, crc)
    print("  g", flat(grads[-1]), flat(grads[3]), flat(grads[1])[:3])

print(json.dumps({"vars": [flat(v) for v in VARS]}))

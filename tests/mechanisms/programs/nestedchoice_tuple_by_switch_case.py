"""tf.switch_case over three policies, each a lambda returning one of the caller's (x, y)
batches as a tuple; the chosen tuple is stored and returned, and the caller asks which.
The policy index comes from the loss, whose thresholds move at step 8."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(61)
rng = np.random.default_rng(61)
XS = rng.normal(size=(48, 3)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.05)

CUTS = [9.0, 8.0]


class Keep:
    batch = None


K = Keep()


def train_step(main, alt, spare):
    x, y = main
    cur = tf.reduce_mean(tf.square(x @ W - y))
    index = tf.cast(cur > CUTS[0], tf.int32) + tf.cast(cur > CUTS[1], tf.int32)
    batch = tf.switch_case(index, [lambda: main, lambda: alt, lambda: spare])
    bx, by = batch
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(bx @ W - by))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    K.batch = batch
    return loss, batch


alt = (tf.constant(XS[40:44]), tf.constant(YS[40:44]))
spare = (tf.constant(XS[44:48]), tf.constant(YS[44:48]))
for step in range(20):
    if step == 8:
        CUTS = [1.0, 0.5]
    i = (step * 4) % 36
    main = (tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    loss, batch = train_step(main, alt, spare)
    print(step, repr(float(loss)), [K.batch is main, K.batch is alt, K.batch is spare, batch is K.batch])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

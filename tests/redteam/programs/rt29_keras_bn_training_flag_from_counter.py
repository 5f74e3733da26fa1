"""A Keras BatchNormalization layer is called with training=FLAGS.count < LIMIT, a
Python bool computed from a counter the step bumps; at step 15 LIMIT changes from 100 to
18, so from step 18 the layer uses its moving statistics.  Probes: Keras' training
flag given a bool the graph carries."""
import random

import numpy

random.seed(2933)
numpy.random.seed(2933)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2933)
rng = np.random.default_rng(2933)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

BN = keras.layers.BatchNormalization(momentum=0.8)
BN.build((None, 4))


class Flags:
    count = 0


FLAGS = Flags()
LIMIT = 100


def train_step(x, y):
    with tf.GradientTape() as tape:
        training = FLAGS.count < LIMIT
        FLAGS.count += 1
        xb = BN(x, training=training)
        loss = tf.reduce_mean(tf.square(xb @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    print("mm", repr(float(tf.reduce_sum(BN.moving_mean))))
    return loss


for step in range(30):
    if step == 15:
        LIMIT = 18
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

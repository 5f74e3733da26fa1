# known wrong: the gradient of a tensor used inside a branch on a tensor and twice after it: janus's tape sees one If op where eager's saw the arm's ops one by one, and adds the tensor's three gradient terms in another order (the last bits of the bias; tf.function differs as janus does)
"""A Keras Dense layer's output feeds a branch on a tensor (an auxiliary penalty on one
arm) and the loss twice after it: its gradient has three terms, and the layer's kernel
and bias updates depend on the order they are added in (eager's: as they came)."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(4)
rng = np.random.default_rng(9)
LAYER = keras.layers.Dense(2)
LAYER.build((None, 4))
OPT = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        out = LAYER(x)
        if tf.reduce_max(out) > 0.5:
            aux = tf.reduce_sum(tf.square(out)) * 0.1
        else:
            aux = tf.constant(0.0)
        loss = tf.reduce_mean((out - y) * (out - y)) + aux
    grads = tape.gradient(loss, LAYER.trainable_variables)
    OPT.apply_gradients(zip(grads, LAYER.trainable_variables))
    return loss


for step in range(14):
    x = tf.constant(rng.normal(size=(5, 4)).astype(np.float32))
    y = tf.constant(rng.normal(size=(5, 2)).astype(np.float32))
    print(step, repr(float(train_step(x, y))))
print(json.dumps([float(v).hex() for v in LAYER.kernel.numpy().ravel()]))

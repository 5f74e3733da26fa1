"""The step writes four chunk losses into a tf.TensorArray, reads element 0 to log the
first chunk's loss, then trains on reduce_sum(ta.stack()).  Eager's TensorArray
(clear_after_read defaults to True) clears a slot when it is read, and stack() then
fills the cleared slot with zeros, so eagerly the first chunk drops out of the loss.
A graph's TensorArray (a TensorList under control flow v2) keeps the value.  Probes:
TF classes with an eager implementation of their own (_EagerTensorArray)."""
import random

import numpy

random.seed(349)
numpy.random.seed(349)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3410)
rng = np.random.default_rng(3410)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1))).astype(np.float32)
MODEL = keras.Sequential([keras.layers.Input((5,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.02)
FIRST = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        ta = tf.TensorArray(tf.float32, size=4)
        for c in range(4):
            ta = ta.write(c, tf.reduce_mean(tf.square(pred[c * 4:(c + 1) * 4] - y[c * 4:(c + 1) * 4])))
        first = ta.read(0)
        loss = tf.reduce_sum(ta.stack())
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    FIRST.append(float(first))
    return loss


for step in range(36):
    i = (step * 16) % 80
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, float(loss).hex(), FIRST[-1].hex())

for v in MODEL.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())

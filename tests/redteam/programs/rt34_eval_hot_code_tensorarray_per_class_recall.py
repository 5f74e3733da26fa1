"""Evaluation code without a tape (janus takes it over after it ran TF ops in a few
calls): per-class recall is accumulated in a tf.TensorArray, the class-0 entry is read
once to print a highlighted line, then reduce_mean(ta.stack()) is the macro recall.
Eager's TensorArray (clear_after_read=True) clears the slot that was read, and stack()
puts zeros there; a graph's TensorArray keeps the value.  Training is a plain Keras
loop; evaluate() runs after every training step.  Probes: eager-only TensorArray
semantics in code janus takes over without a GradientTape."""
import random

import numpy

random.seed(3432)
numpy.random.seed(3432)

import keras
import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

keras.utils.set_random_seed(3432)
d = load_digits()
XS = (d.data[:480] / 16.0).astype(np.float32)
YS = d.target[:480].astype(np.int32)
MODEL = keras.Sequential([keras.layers.Input((64,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(10)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
XV = tf.constant(XS[400:480])
YV = tf.constant(YS[400:480])


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


def evaluate(x, y):
    pred = tf.argmax(MODEL(x), axis=1, output_type=tf.int32)
    ta = tf.TensorArray(tf.float32, size=3)
    for c in range(3):
        m = tf.cast(tf.equal(y, c), tf.float32)
        hit = tf.cast(tf.equal(pred, c), tf.float32) * m
        ta = ta.write(c, tf.reduce_sum(hit) / tf.maximum(tf.reduce_sum(m), 1.0))
    first = ta.read(0)
    return first, tf.reduce_mean(ta.stack())


for step in range(30):
    i = (step * 32) % 384
    loss = train_step(tf.constant(XS[i:i + 32]), tf.constant(YS[i:i + 32]))
    r0, macro = evaluate(XV, YV)
    print(step, float(loss).hex(), float(r0).hex(), float(macro).hex())

for v in MODEL.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())

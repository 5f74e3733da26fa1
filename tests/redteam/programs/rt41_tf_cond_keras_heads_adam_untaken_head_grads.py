"""A shared Keras trunk with two Dense heads; the step routes each batch through one
head with tf.cond(loss-based tensor predicate, lambda: head_a(h), lambda: head_b(h)),
the lambdas closing over the step's hidden activations.  The gradient is taken over
ALL trainable variables and handed to Adam: eagerly the untaken head gets None
gradients (Keras skips those variables: their Adam slots and iterations-based bias
correction stay untouched), where a graph's If op would give zeros.  Probes: tf.cond
with closures calling Keras layers, gradients only some arms reach, Adam slot state."""
import random
import warnings

import numpy

random.seed(5)
numpy.random.seed(5)
warnings.simplefilter("ignore")

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4105)
rng = np.random.default_rng(4105)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) > 0).astype(np.float32)
trunk = keras.Sequential([keras.Input((6,)), keras.layers.Dense(10, activation="tanh")])
head_a = keras.layers.Dense(1, name="head_a")
head_b = keras.layers.Dense(1, name="head_b")
head_a.build((None, 10))
head_b.build((None, 10))
VARS = trunk.trainable_variables + head_a.trainable_variables + head_b.trainable_variables
OPT = keras.optimizers.Adam(learning_rate=0.02)
BCE = keras.losses.BinaryCrossentropy(from_logits=True)


def train_step(x, y, prev):
    with tf.GradientTape() as tape:
        h = trunk(x, training=True)
        logits = tf.cond(prev > 0.6, lambda: head_a(h), lambda: head_b(h))
        loss = BCE(y, logits)
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    nones = sum(g is None for g in grads)
    return loss, nones


prev = tf.constant(1.0)
for step in range(34):
    i = (step * 8) % 88
    loss, nones = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), prev)
    prev = loss if step % 5 else tf.constant(0.0)
    print(step, repr(float(loss)), nones, int(OPT.iterations.numpy()),
          repr(float(tf.reduce_sum(head_a.kernel))), repr(float(tf.reduce_sum(head_b.kernel))))

print("slots", [repr(float(tf.reduce_sum(v))) for v in OPT.variables[1:]])

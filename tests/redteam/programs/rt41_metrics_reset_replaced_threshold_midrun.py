"""A classifier step updates two metrics in the step (a Mean of the loss and a
BinaryAccuracy on logits with threshold 0.0) and returns their results.  The loop
resets the metrics every 6 steps (reset_state), changes the accuracy's `threshold`
attribute at step 14, replaces the global accuracy metric with a new
BinaryAccuracy object at step 20 and the mean metric with a Sum at step 27.  Probes:
Keras metrics reset, reconfigured and replaced between steps, their results read in
the step."""
import random

import numpy

random.seed(40)
numpy.random.seed(40)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4133)
rng = np.random.default_rng(4133)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] - 0.3 * XS[:, 2:3] > 0).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
BCE = keras.losses.BinaryCrossentropy(from_logits=True)
ACC = keras.metrics.BinaryAccuracy(threshold=0.0)
MEAN = keras.metrics.Mean()


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x)
        loss = BCE(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    ACC.update_state(y, logits)
    MEAN.update_state(loss)
    return loss, ACC.result(), MEAN.result()


for step in range(36):
    if step % 6 == 0:
        ACC.reset_state()
        MEAN.reset_state()
    if step == 14:
        ACC.threshold = 0.4
    elif step == 20:
        ACC = keras.metrics.BinaryAccuracy(threshold=-0.2)
    elif step == 27:
        MEAN = keras.metrics.Sum()
    i = (step * 8) % 88
    loss, acc, mean = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(acc)), repr(float(mean)))

print("vars", [repr(float(tf.reduce_sum(v))) for v in model.trainable_variables],
      [repr(float(v)) for v in ACC.variables], [repr(float(v)) for v in MEAN.variables])

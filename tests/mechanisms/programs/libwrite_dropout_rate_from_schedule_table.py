"""The step sets a Dropout layer's rate from a global schedule table
(`DROP.rate = RATES[stage]`) before the forward pass; the loop moves to the next stage
every 8 steps and edits the table once.  The layer's call reads the rate the step
wrote; the draws match eager's (seeded Keras generator)."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(122)
rng = np.random.default_rng(122)
DENSE = keras.layers.Dense(4)
DROP = keras.layers.Dropout(0.5, seed=7)
HEAD = keras.layers.Dense(1)
MODEL = keras.Sequential([keras.Input((3,)), DENSE, DROP, HEAD])
OPT = keras.optimizers.SGD(learning_rate=0.05)
RATES = [0.5, 0.25, 0.0, 0.1]


def train_step(x, y, stage):
    DROP.rate = RATES[stage]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 20:
        RATES[3] = 0.4
    x = tf.constant(rng.normal(size=(6, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(6, 1)).astype(np.float32))
    print(step, repr(float(train_step(x, y, step // 8))), DROP.rate)
print(json.dumps([float(v).hex() for v in np.concatenate(
    [v.numpy().ravel() for v in MODEL.trainable_variables])]))

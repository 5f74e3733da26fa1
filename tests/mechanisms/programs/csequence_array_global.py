"""Per-layer learning-rate multipliers in a global array.array("d"), edited in place
between steps (the array object is never rebound): an item the step reads must be the
array's item at that call."""
import array

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(531)
rng = np.random.default_rng(531)
X = rng.normal(size=(64, 4)).astype("float32")
Y = rng.normal(size=(64, 1)).astype("float32")
W1 = tf.Variable(rng.normal(size=(4, 6)).astype("float32") * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype("float32") * 0.5)
RATES = array.array("d", [0.0, 1.0])


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * RATES[0] * g1)
    W2.assign_sub(0.05 * RATES[1] * g2)
    return loss


for step in range(20):
    if step == 6:
        RATES[0] = 1.0
    if step == 12:
        RATES[1] = 0.25
    i = (step * 8) % 56
    print(step, repr(float(train_step(X[i:i + 8], Y[i:i + 8]))), RATES.tolist())

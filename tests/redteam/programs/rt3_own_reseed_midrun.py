"""Random draws in the step from TF (tf.random.normal, tf.nn.dropout), Python's random and
numpy's global generator, all under a global seed. At step 12 the loop calls
tf.keras.utils.set_random_seed(5) again (resets TF's op-seed sequence and kernel cache,
random and np.random); every drawn value and loss must equal the interpreter's."""
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(101)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(101)
X = tf.constant(rng.normal(size=(16, 4)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(rng.normal(size=(4, 1)) * 0.3, name="w")
OPT = tf.keras.optimizers.SGD(0.05)
DRAWS = []


def train_step(x, y):
    noise = tf.random.normal(tf.shape(x), stddev=0.1, dtype=tf.float64)
    jitter = random.random()
    shift = np.random.rand()
    with tf.GradientTape() as tape:
        h = tf.nn.dropout(x + noise, rate=0.25)
        loss = tf.reduce_mean(tf.square(tf.matmul(h, W) * (1.0 + 0.1 * jitter) + shift * 0.01 - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    DRAWS.append((round(jitter, 12), round(float(shift), 12)))
    return loss, noise


for i in range(30):
    if i == 12:
        tf.keras.utils.set_random_seed(5)
    loss, noise = train_step(X, Y)
    print(i, repr(float(tf.reduce_sum(noise))), DRAWS[-1], repr(float(loss)))

print("summary", repr(random.random()), repr(float(np.random.rand())),
      repr(float(tf.reduce_sum(tf.random.uniform((3,), dtype=tf.float64)))), repr(float(tf.reduce_sum(W))))

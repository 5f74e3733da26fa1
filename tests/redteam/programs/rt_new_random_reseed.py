"""The step draws from Python's random, numpy's global RandomState, tf.random.normal and a
Keras Dropout layer (SeedGenerator). At step 12 the loop calls tf.keras.utils.set_random_seed
again (which resets random, numpy and TF's op-seed generator and kernel cache, so the draws
repeat), at step 22 only tf.random.set_seed. A converter that tracks TF's seed stream on the
old generator object, or replays draws, diverges from eager."""
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(97)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(33)
X = tf.constant(rng.normal(size=(16, 4)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(rng.normal(size=(4, 1)) * 0.2)
DROP = tf.keras.layers.Dropout(0.25)
DRAWS = []


def train_step(x, y):
    jitter = random.random() * 0.01
    shift = np.random.normal(0.0, 0.01)
    with tf.GradientTape() as tape:
        noise = tf.random.normal([16, 4], stddev=0.05, dtype=tf.float64)
        h = DROP(x + noise, training=True)
        loss = tf.reduce_mean(tf.square(h @ W - y)) + jitter + shift
    W.assign_sub(0.1 * tape.gradient(loss, W))
    DRAWS.append((jitter, shift, float(noise[0, 0])))
    return loss, jitter, shift, noise


for step in range(32):
    if step == 12:
        tf.keras.utils.set_random_seed(97)
    if step == 22:
        tf.random.set_seed(5)
    loss, jitter, shift, noise = train_step(X, Y)
    print(step, repr(float(loss)), repr(jitter), repr(float(shift)), repr(float(noise[1, 2])))

print("W", W.numpy().ravel().tolist())
print("py", random.random(), "np", np.random.random(), "tf", float(tf.random.uniform([], dtype=tf.float64)))

"""keras.random.uniform with seed=None in the step, and keras.backend.clear_session()
from the loop at step 14 (it replaces Keras' global state as a whole: a new
SeedGenerator, names counted from zero).  Layer names made after it are printed."""
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(53)
rng = np.random.default_rng(53)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
keras.random.uniform((1,))


def train_step(x, y):
    keep = tf.cast(keras.random.uniform(tf.shape(x)) > 0.2, x.dtype)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x * keep) @ w - y))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss


for i in range(24):
    if i == 14:
        keras.backend.clear_session()
    loss = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)),
                      tf.constant(rng.normal(size=(4, 1)).astype(np.float32)))
    print(i, repr(float(loss)), keras.layers.Dense(1).name if i % 7 == 0 else "")
print(w.numpy().ravel().tolist())

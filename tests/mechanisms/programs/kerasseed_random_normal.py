"""keras.random.normal with seed=None in the step (noise added to the inputs, the
global SeedGenerator's draws), returned to the loop.  keras.utils.set_random_seed at
step 12, the same seed again at step 18 (eager repeats the noise of step 12)."""
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(52)
rng = np.random.default_rng(52)
w = keras.Variable(rng.normal(size=(3, 1)).astype(np.float32))
keras.random.normal((1,))                  # the global generator exists before the loop


def train_step(x, y):
    noise = keras.random.normal(tf.shape(x)) * 0.1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x + noise) @ w - y))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, noise


for i in range(26):
    if i in (12, 18):
        keras.utils.set_random_seed(7)
    loss, noise = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)),
                             tf.constant(rng.normal(size=(4, 1)).astype(np.float32)))
    print(i, repr(float(loss)), noise.numpy()[0].tolist())
print(w.numpy().ravel().tolist())

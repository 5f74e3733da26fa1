"""Noisy-augmentation loop: each step draws an input-noise scale from Python's `random`, a
label jitter from numpy's global generator and the noise itself from tf.random.normal
(global seed). At step 20 the loop calls keras.utils.set_random_seed(5) again, resetting
all three generators: later draws repeat a fresh stream, and the final generator states
(printed) must be eager's."""
import random
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(139)
data_rng = np.random.default_rng(139)
X = tf.constant(data_rng.normal(size=(16, 3)))
Y = tf.constant(data_rng.normal(size=(16, 1)))

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.05)


def train_step(x, y):
    scale = 0.1 + 0.2 * random.random()
    jitter = np.random.normal(0.0, 0.05)
    noise = tf.random.normal(tf.shape(x), dtype=tf.float64)
    with tf.GradientTape() as tape:
        pred = model(x + scale * noise, training=True)
        loss = tf.reduce_mean(tf.square(pred - (y + jitter)))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, scale, jitter, tf.reduce_sum(noise)


for step in range(40):
    if step == 20:
        keras.utils.set_random_seed(5)
    loss, scale, jitter, nsum = train_step(X, Y)
    print(step, repr(float(loss)), repr(scale), repr(float(jitter)), repr(float(nsum)))

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      repr(random.random()), repr(float(np.random.uniform())),
      repr(float(tf.random.uniform([], dtype=tf.float64))), int(opt.iterations))

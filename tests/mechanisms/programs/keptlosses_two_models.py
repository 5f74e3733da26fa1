"""Two models called in one step, each with an activity-regularized layer, and one of
them called twice (its second call's losses replace the first's, as eager clears them at
each call).  The loop compares the losses lists' lengths and values after every step; a
third model that the step never calls keeps the losses of its own last call."""
import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(23)
rng = np.random.default_rng(23)


def make(seed):
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(
        4, activity_regularizer=keras.regularizers.L1(0.01 * seed)), keras.layers.Dense(1)])


a, b, idle = make(1), make(2), make(3)
idle(tf.ones((2, 3)))                      # its losses stay those of this call
opt = keras.optimizers.SGD(0.02)
params = a.trainable_variables + b.trainable_variables


def train_step(x, y):
    with tf.GradientTape() as tape:
        first = a(x)
        second = a(x * 0.5)
        loss = tf.reduce_mean(tf.square(first + second + b(x) - y))
        loss = loss + tf.add_n(a.losses) + tf.add_n(b.losses)
    opt.apply_gradients(zip(tape.gradient(loss, params), params))
    return loss


for i in range(26):
    x = tf.constant(rng.normal(size=(5, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(5, 1)).astype(np.float32))
    loss = train_step(x, y)
    print(i, repr(float(loss)), [repr(float(v)) for v in a.losses],
          [repr(float(v)) for v in b.losses], [repr(float(v)) for v in idle.losses])

"""One converted, one rebuilt and one unconvertible step, for `janus explain`
(tests/e2e/test_trace.py): the rebuild comes from a batch of 5 after batches of 8, the
unconvertible step reads its scale from an object whose class has a __getattr__."""

import numpy as np
import tensorflow as tf

w = tf.Variable(tf.ones([4, 1]))
opt = tf.keras.optimizers.SGD(0.01)


def converted_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((tf.matmul(x, w) - y) ** 2)
    grads = tape.gradient(loss, [w])
    opt.apply_gradients(zip(grads, [w]))
    return loss


def rebuilt_step(x, scale):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.matmul(x, w)) * scale
    grads = tape.gradient(loss, [w])
    opt.apply_gradients(zip(grads, [w]))
    return loss


class Settings:
    def __getattr__(self, name):
        return 1.0


settings = Settings()


def custom_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.matmul(x, w)) * settings.scale
    grads = tape.gradient(loss, [w])
    opt.apply_gradients(zip(grads, [w]))
    return loss


x = np.ones([8, 4], np.float32)
y = np.ones([8, 1], np.float32)
for i in range(8):
    converted_step(x, y)
for i in range(8):
    rebuilt_step(x if i < 4 else x[:5], 1.0)
for i in range(8):
    custom_step(x)

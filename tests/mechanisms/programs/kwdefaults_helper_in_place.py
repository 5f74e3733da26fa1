"""A helper's keyword-only default, changed in place from the loop
(`scaled.__kwdefaults__["factor"] = 3.0` at step 10, a new key's value at 15)."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(81)
w = tf.Variable(np.ones((3, 1), np.float32))


def scaled(loss, *, factor=1.0, shift=0.0):
    return loss * factor + shift


def train_step(x):
    with tf.GradientTape() as tape:
        loss = scaled(tf.reduce_mean(tf.square(x @ w)))
    w.assign_sub(0.01 * tape.gradient(loss, w))
    return loss


for i in range(20):
    if i == 10:
        scaled.__kwdefaults__["factor"] = 3.0
    if i == 15:
        scaled.__kwdefaults__["shift"] = 0.5
    print(i, repr(float(train_step(tf.constant(np.full((2, 3), 0.1 * (i % 5), np.float32))))))
print(w.numpy().ravel().tolist())

"""`loss_of(x, *PARAMS)` in the step, PARAMS a global list the loop changes in place at
step 10 (the scale) and 15 (the shift): the call reads every item."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(61)
PARAMS = [1.0, 0.0]
w = tf.Variable(np.ones((3, 1), np.float32))


def loss_of(x, scale, shift):
    return tf.reduce_mean(tf.square(x @ w + shift)) * scale


def train_step(x):
    with tf.GradientTape() as tape:
        loss = loss_of(x, *PARAMS)
    w.assign_sub(0.1 * tape.gradient(loss, w))
    return loss


for i in range(22):
    if i == 10:
        PARAMS[0] = 2.0
    if i == 15:
        PARAMS[1] = -0.5
    print(i, repr(float(train_step(tf.constant(np.full((2, 3), 0.1 * i, np.float32))))))
print(w.numpy().ravel().tolist())

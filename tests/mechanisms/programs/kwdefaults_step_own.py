"""The step's own keyword-only default (`train_step(x, *, clip=1.0)`, never passed),
changed in place at step 11 and deleted from the dict at step 16 (the call then gets
the program's TypeError, caught by the loop)."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(83)
w = tf.Variable(np.ones((3, 1), np.float32))


def train_step(x, *, clip=1.0):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(0.01 * tf.clip_by_value(tape.gradient(loss, w), -clip, clip))
    return loss


for i in range(22):
    if i == 11:
        train_step.__kwdefaults__["clip"] = 0.01
    if i == 16:
        del train_step.__kwdefaults__["clip"]
    if i == 19:
        train_step.__kwdefaults__["clip"] = 0.5
    try:
        print(i, repr(float(train_step(tf.constant(np.full((2, 3), 1.0 + i, np.float32))))))
    except TypeError as exc:
        print(i, "TypeError", exc)
print(w.numpy().ravel().tolist())

"""A Python float read from a tensor on the tape's path: `s = float(tf.reduce_sum(a))`,
then `w * s` in the loss.  Eager's tape sees a constant: the gradient has no term
through `s`.  The loop changes the input's scale at step 10."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)
w = tf.Variable(rng.normal(size=(3,)).astype(np.float32))


def train_step(x):
    with tf.GradientTape() as tape:
        a = w * x
        s = float(tf.reduce_sum(a))
        loss = tf.reduce_sum(w * s) + tf.reduce_sum(tf.square(a))
    g = tape.gradient(loss, w)
    w.assign_sub(0.01 * g)
    return loss, g


scale = 1.0
for i in range(24):
    if i == 10:
        scale = 3.0
    loss, g = train_step(tf.constant(rng.normal(size=(3,)).astype(np.float32)) * scale)
    print(i, repr(float(loss)), g.numpy().tolist())
print(w.numpy().tolist())

"""int() and float() of tensors on the tape's path in one step: a count (`int` of a sum
of a mask) divides the loss, a float of the mean weight scales a penalty.  Eager's tape
differentiates neither.  The threshold changes at step 8."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(8)
rng = np.random.default_rng(8)
w = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32))
THRESHOLD = 0.0


def train_step(x):
    with tf.GradientTape() as tape:
        h = x @ w
        count = int(tf.reduce_sum(tf.cast(h > THRESHOLD, tf.int32))) + 1
        mean_w = float(tf.reduce_mean(w))
        loss = tf.reduce_sum(tf.square(h)) / count + mean_w * tf.reduce_sum(w)
    g = tape.gradient(loss, w)
    w.assign_sub(0.02 * g)
    return loss, count


for i in range(24):
    if i == 8:
        THRESHOLD = 0.5
    loss, count = train_step(tf.constant(rng.normal(size=(6, 4)).astype(np.float32)))
    print(i, repr(float(loss)), count)
print(w.numpy().ravel().tolist())

"""ndarrays and tensors read from globals answer as themselves: the step scales the input
by a global that the loop rebinds from a tensor to an ndarray and back, prints its type,
and stores it; the loop checks that what was stored is its own object."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(8)
rng = np.random.default_rng(8)
X = tf.constant(rng.normal(size=(16, 4)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(rng.normal(size=(4, 1)) * 0.1)
SCALE = tf.constant([0.5, 1.0, 1.5, 2.0], dtype=tf.float64)
SEEN = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x * SCALE) @ W - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    SEEN.append(SCALE)
    print("  scale", type(SCALE).__name__, isinstance(SCALE, np.ndarray))
    return loss


for step in range(24):
    if step == 9:
        SCALE = np.array([2.0, 1.5, 1.0, 0.5])
    if step == 17:
        SCALE = tf.constant([1.0, 1.0, 0.5, 0.5], dtype=tf.float64)
    loss = train_step(X, Y)
    print(step, repr(float(loss)), SEEN[-1] is SCALE)
print("W", W.numpy().ravel().tolist(), sum(s is SCALE for s in SEEN))

"""Feature switches kept as bytes in a global bytearray (one byte per feature group, as
read from a packed config); the loop flips a byte in place.  The step masks its input
columns by the bytes it reads."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(532)
rng = np.random.default_rng(532)
X = rng.normal(size=(64, 3)).astype("float32")
Y = (X @ rng.normal(size=(3, 1))).astype("float32")
W = tf.Variable(np.zeros((3, 1), "float32"))
FLAGS = bytearray(b"\x01\x01\x00")


def train_step(x, y):
    mask = tf.constant([[float(FLAGS[0]), float(FLAGS[1]), float(FLAGS[2])]])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x * mask) @ W - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for step in range(20):
    if step == 7:
        FLAGS[2] = 1
    if step == 13:
        FLAGS[0] = 0
    i = (step * 8) % 56
    print(step, repr(float(train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])))),
          list(FLAGS))

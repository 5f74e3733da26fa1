"""The step calls the program's own @tf.function feature map under a GradientTape.
Eager runs it as a function of its own, which Grappler optimizes (`tf.pow(h, 2.0)`
becomes Square, `/ 7.0` a multiply): its floats differ from the same ops run one by one
in about half the elements.  A graph of the step must compute what eager's call of it
computes, forward and backward, bit for bit with oneDNN off."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(521)
rng = np.random.default_rng(521)
XS = rng.normal(size=(96, 16)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(16, 32)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(32, 1)).astype(np.float32) * 0.3)


@tf.function
def feature(x, w):
    h = (x @ w) / 7.0
    return tf.pow(h, 2.0) * 3.0 + h * 3.0 / 11.0 - tf.sqrt(tf.abs(h) + 1.0) / 3.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = feature(x, W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.01 * g1)
    W2.assign_sub(0.01 * g2)
    return loss


for step in range(30):
    i = (step * 16) % 80
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)))
print(repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))

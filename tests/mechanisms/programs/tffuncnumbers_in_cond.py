"""The program's @tf.function is called in one arm of a branch on a tensor (the loss of
the previous step above a threshold picks a smoothed or a plain feature).  In a graph of
the step the call sits in a cond's branch; it must still compute eager's floats, which
Grappler's rewrites of the function give."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(522)
rng = np.random.default_rng(522)
XS = rng.normal(size=(96, 8)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(8, 12)).astype(np.float32) * 0.4)
V = tf.Variable(rng.normal(size=(12, 1)).astype(np.float32) * 0.4)
LAST = tf.Variable(1.0)


@tf.function
def smooth(h):
    return tf.pow(h / 3.0, 2.0) * 5.0 + tf.sqrt(tf.abs(h) + 2.0) / 7.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = x @ W
        if LAST > 0.9:
            h = smooth(h)
        else:
            h = tf.tanh(h)
        loss = tf.reduce_mean(tf.square(h @ V - y))
    gw, gv = tape.gradient(loss, [W, V])
    W.assign_sub(0.02 * gw)
    V.assign_sub(0.02 * gv)
    LAST.assign(loss)
    return loss


for step in range(30):
    i = (step * 16) % 80
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)))
print(repr(float(tf.reduce_sum(W))), repr(float(tf.reduce_sum(V))))

"""A best-so-far kept by a conditional expression on a graph value: while no loss beats
it, eager keeps the attribute's own float object (`tracker.best is START`).  At step 12
the loop lowers the bar, and from then on each new best is a new float."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(12)
rng = np.random.default_rng(12)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.5)
START = 1e-9


class Tracker:
    def __init__(self):
        self.best = START
        self.improved = 0


tracker = Tracker()


def train_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(X, W) - Y))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    v = float(loss)
    tracker.best = v if v < tracker.best else tracker.best
    return loss


for i in range(26):
    if i == 12:
        tracker.best = 10.0
    loss = train_step()
    print(i, repr(float(loss)), tracker.best is START, repr(tracker.best))

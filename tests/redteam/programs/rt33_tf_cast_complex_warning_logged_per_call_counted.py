"""Spectral features: the step takes tf.signal.rfft of each input row and casts the
complex spectrum straight to float32 (`tf.cast(spec, tf.float32)`), which TF allows but
reports through the 'tensorflow' logger ("You are casting an input of type complex64 to
an incompatible dtype float32...") at every eager call.  The program attaches its own
handler to tf.get_logger() that counts the records, and prints the count per step.
Probes: log records library code emits per call through Python logging (not warnings,
not print) while janus builds or runs a graph."""
import random
import numpy
random.seed(9)
numpy.random.seed(9)
import logging
import keras
import numpy as np
import tensorflow as tf


class Count(logging.Handler):
    def __init__(self):
        super().__init__()
        self.n = 0
        self.first = None

    def emit(self, record):
        self.n += 1
        if self.first is None:
            self.first = record.getMessage()[:40]


H = Count()
tf.get_logger().addHandler(H)
keras.utils.set_random_seed(339)
rng = np.random.default_rng(339)
XS = rng.normal(size=(64, 16)).astype(np.float32)
YS = np.abs(XS[:, :1]).astype(np.float32)
W = tf.Variable(rng.normal(size=(9, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.01)


def train_step(x, y):
    spec = tf.signal.rfft(x)
    feats = tf.cast(spec, tf.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(feats @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), "tf-log-records", H.n)

print("first", H.first)
print("W", [float(v).hex() for v in W.numpy().ravel()])

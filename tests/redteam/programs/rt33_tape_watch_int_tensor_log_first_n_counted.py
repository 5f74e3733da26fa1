"""The step watches its whole batch tuple on the tape, integer ids included
(`tape.watch((x, ids))`).  TF logs "The dtype of the watched tensor must be floating"
through absl's log_first_n, at most 5 times per process, through the 'tensorflow'
logger.  A handler on tf.get_logger() counts those records; the count is printed each
step.  Eager logs at the first five calls.  Probes: a once-per-process (first N)
library log emitted while a call is profiled, built or run as a graph."""
import random
import numpy
random.seed(10)
numpy.random.seed(10)
import logging
import keras
import numpy as np
import tensorflow as tf


class Count(logging.Handler):
    def __init__(self):
        super().__init__()
        self.n = 0

    def emit(self, record):
        if "watched tensor" in record.getMessage():
            self.n += 1


H = Count()
tf.get_logger().addHandler(H)
keras.utils.set_random_seed(3310)
rng = np.random.default_rng(3310)
XS = rng.normal(size=(64, 4)).astype(np.float32)
IDS = rng.integers(0, 5, size=(64,)).astype(np.int32)
YS = (XS[:, :1] + IDS[:, None] * 0.1).astype(np.float32)
EMB = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.1)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, ids, y):
    with tf.GradientTape() as tape:
        tape.watch((x, ids))
        p = x @ W + tf.gather(EMB, ids)
        loss = tf.reduce_mean(tf.square(p - y))
    gw, ge, gx = tape.gradient(loss, [W, EMB, x])
    OPT.apply_gradients([(gw, W), (ge, EMB)])
    return loss, tf.reduce_sum(tf.abs(gx))


for step in range(30):
    i = (step * 8) % 56
    loss, gx = train_step(tf.constant(XS[i:i + 8]), tf.constant(IDS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(gx).hex(), "watch-warnings", H.n)

print("W", [float(v).hex() for v in W.numpy().ravel()], float(tf.reduce_sum(EMB)).hex())

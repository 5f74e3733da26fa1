"""A running best kept with max() on a Python float that starts as one NaN object: max
keeps its first argument unless the second is larger, so BEST stays that very object
(and `NAN0 in [BEST]` is True through identity).  At step 9 the loop sets BEST to 0.5, a
value the losses then pass."""
import math

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(11)
rng = np.random.default_rng(11)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.5)
NAN0 = float("nan")
BEST = NAN0


def train_step():
    global BEST
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(X, W) - Y))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    BEST = max(BEST, float(loss))
    return loss, math.isnan(BEST)


for i in range(24):
    if i == 9:
        BEST = 0.5
    loss, nan = train_step()
    print(i, repr(float(loss)), nan, BEST is NAN0, NAN0 in [BEST], repr(BEST))

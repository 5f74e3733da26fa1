"""tf.scan with a nested function over the step's decay (computed from its argument):
a running exponential average over time steps, trained through.  A write to the
step's state inside the scanned function is refused (it would run once, not per
step); reads of the step's values are the call's."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(103)
w = tf.Variable(rng.normal(size=(2, 2)).astype(np.float32) * 0.5)


def train_step(seq, decay_logit):
    decay = tf.sigmoid(decay_logit)
    with tf.GradientTape() as tape:
        def ema(state, x_t):
            return decay * state + (1.0 - decay) * tf.tanh(x_t @ w)
        states = tf.scan(ema, seq, initializer=tf.zeros((3, 2)))
        loss = tf.reduce_mean(tf.square(states[-1] - 0.3))
    w.assign_sub(0.2 * tape.gradient(loss, w))
    return loss


for step in range(25):
    seq = tf.constant(rng.normal(size=(5, 3, 2)).astype(np.float32))
    print(step, repr(float(train_step(seq, tf.constant(0.1 * (step % 5))))))
print(json.dumps([float(v).hex() for v in w.numpy().ravel()]))

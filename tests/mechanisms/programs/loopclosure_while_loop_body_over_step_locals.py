"""tf.while_loop whose condition and body are a lambda and a nested function over the
step's locals (a data-dependent trip count, a scale the step computed): eagerly a
Python loop calling them; in the graph a While op whose body the builder runs once,
as it runs a module-level body.  Gradients through the loop match eager's."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(101)
w = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.3)


def train_step(x, n):
    scale = tf.reduce_mean(tf.abs(x))
    with tf.GradientTape() as tape:
        def body(i, h):
            return i + 1, tf.tanh(h @ w) * scale
        _, h = tf.while_loop(lambda i, h: i < n, body, (tf.constant(0), x))
        loss = tf.reduce_mean(tf.square(h))
    w.assign_sub(0.1 * tape.gradient(loss, w))
    return loss


for step in range(25):
    x = tf.constant(rng.normal(size=(4, 3)).astype(np.float32))
    print(step, repr(float(train_step(x, tf.constant(1 + step % 3)))))
print(json.dumps([float(v).hex() for v in w.numpy().ravel()]))

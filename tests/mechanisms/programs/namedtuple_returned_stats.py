"""The step returns a namedtuple of statistics it made; the loop keeps them and reads
fields, and the step reads the previous step's namedtuple (a global the loop rebinds)
field by field.  At step 14 the loop swaps the kept stats for a tuple of another
namedtuple class with the same fields in another order."""
from collections import namedtuple

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(8)
rng = np.random.default_rng(8)
Stats = namedtuple("Stats", "loss grad_norm")
Swapped = namedtuple("Swapped", "grad_norm loss")
W = tf.Variable(rng.normal(size=(4, 2)) * 0.3)
PREV = Stats(loss=1.0, grad_norm=0.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + 0.01 * PREV.grad_norm
    g = tape.gradient(loss, W)
    W.assign_sub(0.1 * g / (1.0 + PREV.loss))
    return Stats(loss=loss, grad_norm=tf.norm(g))


history = []
for i in range(24):
    x, y = tf.constant(rng.normal(size=(6, 4))), tf.constant(rng.normal(size=(6, 2)))
    stats = train_step(x, y)
    history.append(stats)
    PREV = Stats(float(stats.loss), float(stats.grad_norm))
    if i == 14:
        PREV = Swapped(grad_norm=PREV.grad_norm, loss=PREV.loss * 3)
    print(i, type(stats).__name__, repr(float(stats.loss)), repr(float(stats.grad_norm)),
          type(PREV).__name__)
print("W", W.numpy().ravel().tolist(), len(history))

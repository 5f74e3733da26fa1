"""The loss is a functools.partial(weighted_loss, alpha=0.5, power=2); at step 10 the loop
mutates the partial's keywords dict in place (LOSS.keywords["alpha"] = 0.9 -- the partial
object keeps its identity) and at step 20 rebinds a closure cell the penalty closure reads.
A converter that guards the partial by identity only, or freezes the cell, trains wrongly."""
import functools

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(92)
tf.keras.backend.set_floatx("float64")


def weighted_loss(pred, y, alpha=1.0, power=2):
    err = tf.abs(pred - y)
    return alpha * tf.reduce_mean(err ** power) + (1.0 - alpha) * tf.reduce_mean(err)


def make_penalty(scale):
    def set_scale(v):
        nonlocal scale
        scale = v

    def penalty(w):
        return scale * tf.reduce_sum(tf.square(w))

    return penalty, set_scale


rng = np.random.default_rng(28)
X = tf.constant(rng.normal(size=(24, 4)))
Y = tf.constant(rng.normal(size=(24, 1)))
W = tf.Variable(rng.normal(size=(4, 1)) * 0.2)
LOSS = functools.partial(weighted_loss, alpha=0.5, power=2)
PENALTY, SET_SCALE = make_penalty(0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(x @ W, y) + PENALTY(W)
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for step in range(30):
    if step == 10:
        LOSS.keywords["alpha"] = 0.9
    if step == 20:
        SET_SCALE(0.5)
    loss = train_step(X, Y)
    print(step, repr(float(loss)), LOSS.keywords, PENALTY.__closure__[0].cell_contents)

print("W", W.numpy().ravel().tolist())

"""Unrolled optimisation of an inner problem (a few steps of a learned-optimizer style
inner loop): `tf.while_loop` runs until the inner loss is small or 20 iterations pass;
its body chooses the inner update rule with `tf.switch_case(i % 3, [sgd_rule, momentum_rule,
sign_rule])`, whose branch functions are nested functions closing over the step's locals
(the inner learning rate, a Python float the caller anneals each step, and the outer
batch).  Only the result of the inner loop (a fitted vector) feeds the outer loss, as a
constant.  Probes: tf.switch_case nested inside a tf.while_loop body, its branches
closing over step locals and the loop's own variables."""
import random

import numpy

random.seed(4348)
numpy.random.seed(4348)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4348)
rng = np.random.default_rng(4348)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5], [0.0]], np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, inner_lr):
    a = tf.transpose(x) @ x / 16.0
    b = tf.transpose(x) @ y / 16.0

    def cond(i, v, m):
        return tf.logical_and(i < 20, tf.reduce_sum(tf.square(a @ v - b)) > 1e-3)

    def body(i, v, m):
        g = a @ v - b

        def sgd_rule():
            return v - inner_lr * g, m

        def momentum_rule():
            m2 = 0.5 * m + g
            return v - inner_lr * m2, m2

        def sign_rule():
            return v - 0.1 * inner_lr * tf.sign(g), m

        v2, m2 = tf.switch_case(i % 3, [sgd_rule, momentum_rule, sign_rule])
        return i + 1, v2, m2

    n, v, _ = tf.while_loop(cond, body, (tf.constant(0), tf.zeros((4, 1)), tf.zeros((4, 1))))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + tf.reduce_mean(tf.square(W - tf.stop_gradient(v)))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, n, v


for step in range(30):
    inner_lr = 0.6 / (1.0 + 0.05 * step)
    i = (step * 16) % 112
    loss, n, v = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), inner_lr)
    print(step, repr(float(loss)), int(n), [repr(float(t)) for t in v.numpy().ravel()])

print(json.dumps({"W": [repr(float(t)) for t in W.numpy().ravel()]}))

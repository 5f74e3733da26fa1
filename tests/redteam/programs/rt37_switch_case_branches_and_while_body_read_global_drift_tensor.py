"""Two kinds of library-traced bodies read the global DRIFT, a scalar tensor the training
loop rebinds before every call: a data-decided tf.while_loop (it runs until the state's
norm passes LIMIT, at most 8 times, so a graph keeps a While op) whose module-level body
adds DRIFT and uses W once, and a tf.switch_case on the step's parity tensor whose two
module-level branch functions return 2 * DRIFT and -DRIFT.  Eagerly both run as Python
at every call and see this step's DRIFT.  A graph must make each global tensor read
inside those bodies a call-time input, not keep the tensor it held when the graph was
built.  At step 16 the global LIMIT changes.  Probes: tensors held by globals read
inside bodies that tf.while_loop and tf.switch_case trace."""
import random

import numpy

random.seed(3736)
numpy.random.seed(3736)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3736)
rng = np.random.default_rng(3736)
XS = (rng.normal(size=(64, 3)) * 0.3).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.02)
DRIFT = tf.constant(0.0)
LIMIT = 2.5


def cond(k, h):
    return tf.logical_and(k < 8, tf.norm(h) < LIMIT)


def body(k, h):
    return k + 1, tf.tanh(h @ W) + DRIFT


def even_branch():
    return DRIFT * 2.0


def odd_branch():
    return -DRIFT


def train_step(x, parity):
    with tf.GradientTape() as tape:
        k, h = tf.while_loop(cond, body, (tf.constant(0), x))
        extra = tf.switch_case(parity, [even_branch, odd_branch])
        loss = tf.reduce_mean(tf.square(h - 0.5)) + extra + 0.01 * tf.reduce_sum(tf.square(W))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, k, extra


for step in range(28):
    if step == 16:
        LIMIT = 3.0
    DRIFT = tf.constant(0.05 * (step % 6))
    j = (step * 4) % 60
    loss, k, extra = train_step(tf.constant(XS[j:j + 4]), tf.constant(step % 2))
    print(step, int(k), float(loss).hex(), float(extra).hex())

print("final", [float(v).hex() for v in W.numpy().ravel()], LIMIT)
del DRIFT

"""keras.ops.while_loop(cond, body, (k, h), maximum_iterations=MAXIT) with an int32 tensor
counter k compared with the Python int KCAP: the trip count is min(KCAP, MAXIT), known
while building, and eager runs it as a Python loop (TF's eager path wraps the condition
with a Python counter for maximum_iterations).  The module-level body uses the weight W
twice per iteration and W is used again after the loop, so a graph that keeps a While
op (instead of running the loop as eager does) sums W's gradient in another
association.  KCAP changes from 5 to 3 at step 10 and MAXIT from 4 to 6 at step 18.
Probes: Keras' while_loop with maximum_iterations, gradient sums over iterations."""
import random

import numpy

random.seed(3723)
numpy.random.seed(3723)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3723)
rng = np.random.default_rng(3723)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.45)
OPT = keras.optimizers.SGD(learning_rate=0.03)
KCAP = 5
MAXIT = 4


def cond(k, h):
    return k < KCAP


def body(k, h):
    return k + 1, keras.ops.tanh(keras.ops.matmul(h, W) + 0.5 * keras.ops.matmul(h * h, W))


def train_step(x, y):
    with tf.GradientTape() as tape:
        k, h = keras.ops.while_loop(cond, body, (tf.constant(0), x), maximum_iterations=MAXIT)
        loss = tf.reduce_mean(tf.square(h @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, k, g


for step in range(26):
    if step == 10:
        KCAP = 3
    if step == 18:
        MAXIT = 6
    j = (step * 8) % 56
    loss, k, g = train_step(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]))
    print(step, int(k), float(loss).hex(), float(tf.reduce_sum(g)).hex())

print("final", [float(v).hex() for v in W.numpy().ravel()[:8]], KCAP, MAXIT)

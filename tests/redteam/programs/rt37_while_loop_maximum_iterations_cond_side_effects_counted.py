"""tf.while_loop with maximum_iterations: eagerly TF wraps the condition as
logical_and(i < maximum_iterations, cond(*loop_vars)), so the program's cond runs once more
after the last iteration even when the maximum stops the loop, and its print and the
global counter it bumps show that.  The program's module-level cond prints and counts its
calls in a global; its body prints the state.  MAXIT (a global) is 3 until step 9, 9 until
step 18 (the condition k < KCAP = 4 then ends the loop first), then 5.  A graph that
unrolls the loop must call cond exactly as many times as eager, in the same order as
the body's prints.  The loop counter is an int32 tensor the condition compares with the
Python int KCAP, so a graph can decide the loop while building.  Probes: tf.while_loop's eager wrapping of maximum_iterations,
Python effects in a loop condition."""
import random

import numpy

random.seed(3711)
numpy.random.seed(3711)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3711)
rng = np.random.default_rng(3711)
XS = rng.normal(size=(64, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.02)
MAXIT = 3
COND_CALLS = 0
KCAP = 4


def cond(h, k):
    global COND_CALLS
    COND_CALLS += 1
    return k < KCAP


def body(h, k):
    h = tf.tanh(h @ W) + 0.5
    print("   body", int(k))
    return h, k + 1


def train_step(x):
    with tf.GradientTape() as tape:
        h, s = tf.while_loop(cond, body, (x, tf.constant(0)), maximum_iterations=MAXIT)
        loss = tf.reduce_mean(tf.square(h)) + 0.1 * tf.cast(s, tf.float32)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, s


for step in range(27):
    if step == 9:
        MAXIT = 9
    if step == 18:
        MAXIT = 5
    j = (step * 4) % 60
    loss, s = train_step(tf.constant(XS[j:j + 4]))
    print(step, MAXIT, COND_CALLS, float(loss).hex(), type(s).__name__, int(s))

print("final", [float(v).hex() for v in W.numpy().ravel()], COND_CALLS, MAXIT)

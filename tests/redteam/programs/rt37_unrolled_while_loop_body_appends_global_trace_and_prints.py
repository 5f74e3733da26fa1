"""tf.while_loop over a counter compared with a Python int (decidable while building, so
a graph may unroll it and run the body's Python per iteration): the module-level body
appends (iteration, rounded float of the state) to a global list TRACE, bumps a global
counter, and prints; the step prints before and after the loop.  Eager runs the body as
a Python loop, so the output and the list grow in program order.  At step 12 the global
ITERS changes from 3 to 5, and at step 20 the program clears TRACE in place.  A graph
must replay the appends, prints and counter writes per iteration, in order, with the
floats eager computed.  Probes: Python effects inside an unrolled library loop body."""
import random

import numpy

random.seed(3714)
numpy.random.seed(3714)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3714)
rng = np.random.default_rng(3714)
XS = rng.normal(size=(64, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.03)
ITERS = 3
TRACE = []
BODY_CALLS = 0


def cond(k, h):
    return k < ITERS


def body(k, h):
    global BODY_CALLS
    h = tf.tanh(h @ W) + 0.25
    BODY_CALLS += 1
    TRACE.append((int(k), round(float(tf.reduce_mean(h)), 4)))
    print("   body", int(k), len(TRACE))
    return k + 1, h


def train_step(x):
    print("  enter", len(TRACE))
    with tf.GradientTape() as tape:
        k, h = tf.while_loop(cond, body, (tf.constant(0), x))
        loss = tf.reduce_mean(tf.square(h - 0.5))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    print("  leave", int(k), TRACE[-1])
    return loss


for step in range(26):
    if step == 12:
        ITERS = 5
    if step == 20:
        TRACE.clear()
    j = (step * 4) % 60
    loss = train_step(tf.constant(XS[j:j + 4]))
    print(step, float(loss).hex(), BODY_CALLS, len(TRACE))

print("final", [float(v).hex() for v in W.numpy().ravel()], BODY_CALLS, TRACE[-3:])

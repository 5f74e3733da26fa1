"""The step records who called it and how deep the Python stack is (a debugging aid
some training scripts keep): sys._getframe(1).f_code.co_name, f_lineno of the caller,
and len(traceback.extract_stack()).  Eagerly these describe the program's own frames;
a graph call runs no Python frames at all, and a build runs inside janus' frames.
The step is called from two different call sites (a warm-up loop and the main loop).
Probes: frame introspection from inside a converted step."""
import random

import numpy

random.seed(3417)
numpy.random.seed(3417)

import sys
import traceback

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3417)
rng = np.random.default_rng(3417)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
CALLERS = []


def train_step(x, y):
    f = sys._getframe(1)
    CALLERS.append((f.f_code.co_name, f.f_lineno, len(traceback.extract_stack())))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


def warmup(n):
    for k in range(n):
        loss = train_step(tf.constant(XS[k * 8:k * 8 + 8]), tf.constant(YS[k * 8:k * 8 + 8]))
        print("warm", k, float(loss).hex())


warmup(6)
for step in range(28):
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), CALLERS[-1])

print("callers", sorted(set(CALLERS)))
print("w", [float(v).hex() for v in W.numpy().ravel()])


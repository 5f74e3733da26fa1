"""keras.ops.fori_loop(0, K, body, h) with Python int bounds: Keras' TF backend makes it
tf.while_loop(lambda i, v: i < K, ..., (0, h)), whose eager path is a Python loop that
keeps i a Python int, so the module-level body can index a Python list COEF[i] and
format i.  (A graph's while loop would hand the body an int32 tensor, and a list index
with it raises TypeError.)  The body uses W once per iteration.  COEF is edited in place
at step 10 and K (a global) grows from 3 to 4 at step 18 (COEF gets a fourth entry).
Probes: Keras' fori_loop with Python bounds, loop indices used as Python ints."""
import random

import numpy

random.seed(3719)
numpy.random.seed(3719)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3719)
rng = np.random.default_rng(3719)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.03)
COEF = [1.0, 0.5, 0.25]
K = 3


def body(i, h):
    return keras.ops.tanh(keras.ops.matmul(h, W)) * COEF[i] + h


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = keras.ops.fori_loop(0, K, body, x)
        loss = tf.reduce_mean(tf.square(h - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(26):
    if step == 10:
        COEF[1] = 0.75
    if step == 18:
        COEF.append(0.125)
        K = 4
    j = (step * 8) % 56
    loss = train_step(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]))
    print(step, K, float(loss).hex())

print("final", [float(v).hex() for v in W.numpy().ravel()[:8]], COEF, K)

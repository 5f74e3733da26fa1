"""The step calls the program's own @tf.function(jit_compile=True) helper for its hidden
layer: tanh(x @ W1) * exp(-|h|) + log1p(|h|).  Eagerly that call runs the XLA-compiled
function (XLA's tanh, exp and log1p are its own approximations and it fuses the
elementwise ops, so its bits differ from TF's kernels in most elements), and the
gradient runs the function's backward graph.  Inlined into a graph, or kept as a call
without XLA compilation, the helper would give TF's kernel bits instead.  At step 14 the
global TEMP, which the helper reads at trace time, is rebound (eager keeps its trace: no
retrace for a global).  Probes: the program's XLA-compiled tf.functions inside a
converted step."""
import random

import numpy

random.seed(3718)
numpy.random.seed(3718)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3718)
rng = np.random.default_rng(3718)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = rng.normal(size=(64, 1)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 16)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(16, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.Adam(learning_rate=0.01)
TEMP = 1.0


@tf.function(jit_compile=True)
def hidden(x):
    h = x @ W1
    return tf.tanh(h / TEMP) * tf.exp(-tf.abs(h)) + tf.math.log1p(tf.abs(h))


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = hidden(x)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, h


for step in range(28):
    if step == 14:
        TEMP = 2.0
    j = (step * 8) % 56
    loss, h = train_step(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]))
    print(step, float(loss).hex(), float(tf.reduce_sum(h)).hex())

print("final", [float(v).hex() for v in W1.numpy().ravel()[:8]],
      float(tf.reduce_sum(W2)).hex(), TEMP)

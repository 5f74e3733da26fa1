"""keras.ops.scan (TF backend: its own tf.while_loop over TensorArrays, trip count
tf.shape(xs)[0], and with reverse=True a counter that starts at n - 1 and runs while
i >= 0) carries a state through 6 time steps; the scanned module-level function uses the
weight W twice per step and the step uses W again on the final carry.  If a graph keeps
the While op (its trip count is a tensor), W's gradient is summed per iteration and then
with the outside use, not at once as eager's tape sums it.  The global REVERSE flips at
step 11 and the global GAIN read inside the scanned function changes at step 19.
Probes: Keras' own scan loop, its reverse path, weight reuse across iterations."""
import random

import numpy

random.seed(3705)
numpy.random.seed(3705)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3705)
rng = np.random.default_rng(3705)
XS = rng.normal(size=(6, 40, 4)).astype(np.float32)
YS = rng.normal(size=(40, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.45)
OPT = keras.optimizers.SGD(learning_rate=0.03)
REVERSE = False
GAIN = 1.0


def cell(carry, x_t):
    h = keras.ops.tanh(keras.ops.matmul(x_t, W) + GAIN * keras.ops.matmul(carry, W))
    return h, h * 0.5


def train_step(x, y):
    with tf.GradientTape() as tape:
        last, ys = keras.ops.scan(cell, tf.zeros([8, 4]), x, reverse=REVERSE)
        loss = tf.reduce_mean(tf.square(last @ W - y)) + 0.1 * tf.reduce_mean(tf.square(ys))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, g


for step in range(28):
    if step == 11:
        REVERSE = True
    if step == 19:
        GAIN = 0.6
    j = (step * 8) % 32
    loss, g = train_step(tf.constant(XS[:, j:j + 8]), tf.constant(YS[j:j + 8]))
    print(step, REVERSE, float(loss).hex(), float(tf.reduce_sum(g)).hex())

print("final", [float(v).hex() for v in W.numpy().ravel()[:8]], REVERSE, GAIN)

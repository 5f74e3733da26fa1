"""A recurrent refinement `for t in tf.range(n)` (n decided by the batch) applies a Keras
Dropout layer with its own seed (`Dropout(0.3, seed=5)`, a Keras SeedGenerator whose
state variable advances at every call) to the hidden state inside the loop body, and a
second Dropout without a seed (Keras' global SeedGenerator) after the loop.  At step 14
the loop sets `drop.rate = 0.1`; at step 22 it reseeds the layer's generator state with
`drop.seed_generator.state.assign(...)`.  The loop prints the loss and both generators'
states.  Probes: Keras seeded dropout drawn once per iteration of a loop on a tensor,
the seed state advanced per iteration, and a layer's rate changed mid-run."""
import random

import numpy

random.seed(61)
numpy.random.seed(61)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4022)
rng = np.random.default_rng(4022)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] - XS[:, 3:4])).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.4)
U = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
drop = keras.layers.Dropout(0.3, seed=5)
drop2 = keras.layers.Dropout(0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        n = 1 + tf.reduce_sum(tf.cast(y[:, 0] > 0.0, tf.int32)) % 3
        h = x
        for t in tf.range(n):
            h = drop(tf.tanh(h @ W), training=True) + 0.5 * x
        h = drop2(h, training=True)
        loss = tf.reduce_mean(tf.square(h @ U - y))
    grads = tape.gradient(loss, [W, U])
    OPT.apply_gradients(zip(grads, [W, U]))
    return loss, n


for step in range(32):
    if step == 14:
        drop.rate = 0.1
    if step == 22:
        drop.seed_generator.state.assign(tf.constant([77, 0], dtype=drop.seed_generator.state.dtype))
    i = (step * 8) % 96
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(loss)), drop.seed_generator.state.numpy().tolist())

print("W", repr(float(tf.reduce_sum(W))), "U", repr(float(tf.reduce_sum(U))))

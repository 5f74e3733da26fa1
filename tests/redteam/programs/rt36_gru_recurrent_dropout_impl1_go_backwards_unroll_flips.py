"""A GRU with recurrent_dropout=0.3 (which makes Keras switch the cell to
implementation 1: per timestep the kernel and recurrent kernel are each read as three
column slices) trained with training=True.  Keras' TF backend runs the timesteps with
tf.while_loop: eagerly that is a Python loop whose every op the tape records, so the
kernel's gradient is one flat sum over all 3*T slice gradients; in a graph the
While op's gradient sums per iteration and accumulates across iterations, another
association of the same float32 terms.  The recurrent dropout masks are cached on the
cell during the call (drawn from its SeedGenerator).  At step 10 the loop sets
`gru.go_backwards = True` and at step 20 `gru.unroll = True` (a Python loop over
timesteps, no While op).  The per-step line shows the loss and the kernel gradient's
first entries as float.hex."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3604)
rng = np.random.default_rng(3604)
XS = rng.normal(size=(48, 5, 3)).astype(np.float32)
YS = np.tanh(XS.sum(axis=(1, 2))[:, None] * 0.3).astype(np.float32)
GRU = keras.layers.GRU(6, recurrent_dropout=0.3, seed=11)
HEAD = keras.layers.Dense(1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
HEAD(GRU(tf.constant(XS[:2])))


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = HEAD(GRU(x, training=True))
        loss = tf.reduce_mean(tf.square(pred - y))
    variables = GRU.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, grads[0]


for step in range(30):
    if step == 10:
        GRU.go_backwards = True
    if step == 20:
        GRU.unroll = True
    i = (step * 8) % 40
    loss, gk = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    seed_state = GRU.cell.seed_generator.state.numpy().tolist()
    print(step, float(loss).hex(), [float(v).hex() for v in gk.numpy().ravel()[:3]],
          seed_state, GRU.cell.implementation, GRU.go_backwards, GRU.unroll)

print(json.dumps({
    "kernel": [float(v).hex() for v in GRU.cell.kernel.numpy().ravel()[:8]],
    "rec": [float(v).hex() for v in GRU.cell.recurrent_kernel.numpy().ravel()[:6]],
    "head": [float(v).hex() for v in HEAD.kernel.numpy().ravel()],
}))

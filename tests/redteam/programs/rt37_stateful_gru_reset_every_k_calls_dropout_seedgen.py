"""A stateful GRU (dropout=0.2, recurrent_dropout=0.1, reset_after=False) keeps its state
in Keras variables across calls: each call reads self.states as its initial state and
assigns the final state back.  The step calls gru.reset_state() when a Python call
counter hits a multiple of RESET_EVERY (a global that changes from 4 to 3 at step 13),
draws its dropout masks from the layer's SeedGenerator, and prints the state's sum.  A
graph must read the state variables after the reset assign and write them after the
loop, in eager's order, and advance the seed generator exactly as eager.  Probes: RNN
state variables, resets decided by Python state, seeded dropout masks in RNN loops."""
import random

import numpy

random.seed(3709)
numpy.random.seed(3709)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3709)
rng = np.random.default_rng(3709)
XS = rng.normal(size=(40, 5, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)

gru = keras.layers.GRU(4, stateful=True, dropout=0.2, recurrent_dropout=0.1,
                       reset_after=False)
head = keras.layers.Dense(1)
OPT = keras.optimizers.Adam(learning_rate=0.01)
RESET_EVERY = 4
CALLS = 0


def train_step(x, y):
    global CALLS
    CALLS += 1
    if CALLS % RESET_EVERY == 0:
        gru.reset_state()
    with tf.GradientTape() as tape:
        h = gru(x, training=True)
        loss = tf.reduce_mean(tf.square(head(h) - y))
    variables = gru.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(30):
    if step == 13:
        RESET_EVERY = 3
    j = (step * 4) % 32
    loss = train_step(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]))
    print(step, CALLS, float(loss).hex(), float(tf.reduce_sum(gru.states[0])).hex())

print("final", [float(v).hex() for v in gru.trainable_variables[0].numpy().ravel()[:6]],
      float(tf.reduce_sum(head.kernel)).hex(), CALLS, RESET_EVERY)

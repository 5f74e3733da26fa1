"""The step runs its own tf.while_loop over the time axis of its input, t < tf.shape(x)[0],
with a weight W used twice per iteration (input and recurrent projection) and once more
after the loop.  The time length cycles through five values (4, 6, 5, 7, 8), so a graph
cache that relaxes the time axis after three sizes leaves a loop whose trip count only
the data decides: a graph's While op sums W's gradient per iteration and then adds the
use after the loop, while eager's tape (tf.while_loop runs as a Python loop eagerly)
sums all of W's uses at once in another association.  At step 14 a Python global
DECAY, read in the body, changes.  Probes: the program's own while loop over a relaxed
dimension, a weight used inside and after the loop."""
import random

import numpy

random.seed(3702)
numpy.random.seed(3702)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3702)
rng = np.random.default_rng(3702)
XS = rng.normal(size=(10, 64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.02)
LENGTHS = [4, 6, 5, 7, 8]
DECAY = 0.9


def cond(t, h, x):
    return t < tf.shape(x)[0]


def body(t, h, x):
    return t + 1, tf.tanh(x[t] @ W + DECAY * (h @ W) + h @ V), x


def train_step(x, y):
    with tf.GradientTape() as tape:
        _, h, _ = tf.while_loop(cond, body, (tf.constant(0), tf.zeros([8, 4]), x))
        loss = tf.reduce_mean(tf.square(h @ W - y))
    grads = tape.gradient(loss, [W, V])
    OPT.apply_gradients(zip(grads, [W, V]))
    return loss, grads[0]


for step in range(30):
    if step == 14:
        DECAY = 0.5
    t = LENGTHS[step % 5]
    j = (step * 8) % 56
    loss, gw = train_step(tf.constant(XS[:t, j:j + 8]), tf.constant(YS[j:j + 8]))
    print(step, t, float(loss).hex(), float(tf.reduce_sum(gw)).hex())

print("final", [float(v).hex() for v in W.numpy().ravel()[:8]],
      float(tf.reduce_sum(V)).hex(), DECAY)

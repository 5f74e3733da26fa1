"""A hand-written two-layer regression where the step picks WHICH variable receives an
extra decay with tf.cond on a tensor predicate: the branches are lambdas returning the
caller's tf.Variable objects (W1 or W2), and the step then calls .assign_sub on what
tf.cond returned.  Eagerly tf.cond returns the very variable object of the branch
taken.  The step also checks `picked is W1` and stores the picked variable on a
tracker object.  Probes: tf.cond branches returning the program's variables, updates
through the merged result, identity of that result."""
import random

import numpy

random.seed(7)
numpy.random.seed(7)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4102)
rng = np.random.default_rng(4102)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 6)).astype(np.float32) * 0.4, name="w1")
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4, name="w2")
OPT = keras.optimizers.SGD(learning_rate=0.1)


class Tracker:
    def __init__(self):
        self.last = None
        self.hits_w1 = 0


TR = Tracker()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    n1 = tf.reduce_sum(tf.square(grads[0]))
    n2 = tf.reduce_sum(tf.square(grads[1]))
    picked = tf.cond(n1 > n2, lambda: W1, lambda: W2)
    picked.assign_sub(picked * 0.01)
    TR.last = picked
    if picked is W1:
        TR.hits_w1 += 1
    return loss, picked


for step in range(32):
    i = (step * 8) % 72
    loss, picked = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), picked is W1, picked is W2, TR.last is picked, TR.hits_w1,
          repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))

print("final", repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))), TR.hits_w1)

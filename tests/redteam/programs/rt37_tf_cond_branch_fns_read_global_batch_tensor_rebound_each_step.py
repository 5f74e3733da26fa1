"""The step calls tf.cond on a data-dependent predicate (the batch mean's sign) with two
module-level zero-argument branch functions; both read the current batch from the global
X_CUR, which the training loop rebinds to a new tensor before every call, and each uses
the weight W twice (tanh(X_CUR @ W) @ W, and X_CUR @ W + MIX * (X_CUR * X_CUR) @ W); the
step uses W again on the result.  Eagerly tf.cond runs the taken branch as Python, so it
sees this step's X_CUR.  A graph must read the global tensor inside the branch bodies at
call time (as it does for the predicate in the step), not keep the tensor it held when
the graph was built.  The global MIX read in the false branch changes at step 13.
Probes: globals read inside functions that library control flow (tf.cond) traces, and
gradient sums of a weight used inside and outside a cond."""
import random

import numpy

random.seed(3732)
numpy.random.seed(3732)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3732)
rng = np.random.default_rng(3732)
XS = rng.normal(size=(64, 4)).astype(np.float32)
XS[::16] += 0.8
YS = rng.normal(size=(64, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.45)
OPT = keras.optimizers.SGD(learning_rate=0.03)
MIX = 0.5


X_CUR = None


def branch_pos():
    return tf.tanh(X_CUR @ W) @ W


def branch_neg():
    return X_CUR @ W + MIX * ((X_CUR * X_CUR) @ W)


def train_step(y):
    with tf.GradientTape() as tape:
        h = tf.cond(tf.reduce_mean(X_CUR) > 0.0, branch_pos, branch_neg)
        loss = tf.reduce_mean(tf.square(h @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, g


for step in range(28):
    if step == 13:
        MIX = 0.25
    j = (step * 8) % 56
    X_CUR = tf.constant(XS[j:j + 8])
    loss, g = train_step(tf.constant(YS[j:j + 8]))
    print(step, float(loss).hex(), float(tf.reduce_sum(g)).hex())

print("final", [float(v).hex() for v in W.numpy().ravel()[:8]], MIX)
del X_CUR

"""An `if` on a tensor picks Python objects rather than tensors: on one arm
`T.opt = FAST` and `T.slot = ACC_A`, on the other `T.opt = SLOW` and `T.slot = ACC_B`
(two Keras optimizers, two tf.Variables).  After the branch the step calls
`T.opt.apply_gradients(...)` on whichever optimizer was picked and `T.slot.assign_add(loss)`
on whichever variable was picked.  The loop prints `T.opt is FAST`, `T.slot is ACC_A`,
both optimizers' iteration counts and both accumulators.  Both arms run early and
later.  Probes: library objects (optimizers, variables) chosen on the arms of a branch
on a tensor and used after the merge."""
import random

import numpy

random.seed(3935)
numpy.random.seed(3935)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3935)
rng = np.random.default_rng(3935)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
FAST = keras.optimizers.SGD(0.1)
SLOW = keras.optimizers.SGD(0.01)
FAST.build([W])
SLOW.build([W])
ACC_A = tf.Variable(0.0)
ACC_B = tf.Variable(0.0)
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


class T:
    opt = FAST
    slot = ACC_A


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    if tf.reduce_mean(y) + off > 0.5:
        T.opt = FAST
        T.slot = ACC_A
    else:
        T.opt = SLOW
        T.slot = ACC_B
    T.opt.apply_gradients(zip(g, [W]))
    T.slot.assign_add(loss)
    return loss


for step in range(len(OFF)):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(OFF[step]))
    print(step, repr(float(loss)), T.opt is FAST, T.slot is ACC_A, int(FAST.iterations),
          int(SLOW.iterations), repr(float(ACC_A)), repr(float(ACC_B)))

print("W", W.numpy().ravel().tolist())

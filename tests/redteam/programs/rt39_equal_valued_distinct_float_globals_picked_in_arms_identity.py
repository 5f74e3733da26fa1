"""Two globals hold equal but distinct float objects (LR_A = 0.5 and LR_B =
float("0.5"), `LR_A is LR_B` False), and two more hold 1.0 and the int 1 (equal, of
different types, both read as numbers).  The arms of an `if` on a tensor pick
`T.lr = LR_A` / `T.lr = LR_B`; the step scales the gradient by `T.lr` and returns it.
The loop prints `T.lr is LR_A`, `T.lr is LR_B`, and the returned object's identity
likewise.  Both arms run early and later.  Probes: identity of equal-valued float objects
from the program's state merged out of the arms of a branch on a tensor."""
import random

import numpy

random.seed(3941)
numpy.random.seed(3941)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3941)
rng = np.random.default_rng(3941)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
LR_A = 0.5
LR_B = float("0.5")
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


class T:
    lr = None


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    if tf.reduce_mean(y) + off > 0.5:
        T.lr = LR_A
    else:
        T.lr = LR_B
    OPT.apply_gradients([(g[0] * T.lr, W)])
    return loss, T.lr


print("distinct", LR_A is LR_B, LR_A == LR_B)
for step in range(len(OFF)):
    i = (step * 8) % 56
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(OFF[step]))
    print(step, repr(float(loss)), repr(lr), T.lr is LR_A, T.lr is LR_B, lr is LR_A, lr is T.lr)

print("W", W.numpy().ravel().tolist())

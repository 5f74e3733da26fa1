"""tf.map_fn over the rows of the batch with a module-level function that adds the global
OFFSET, a tensor the training loop rebinds to a new per-step value before every call
(a schedule computed outside the step), and uses the weight W once.  Eagerly map_fn runs
the function per row, reading this step's OFFSET.  A graph must read the global tensor
inside the library-traced body at call time, not keep the tensor it saw while building
(a Python number there would be guarded; a tensor read from a global is an input).
The batch is 6 rows (unrolled while building) for 14 steps, then 70 rows (a While op).
Probes: globals that hold tensors, read inside bodies library loops trace."""
import random

import numpy

random.seed(3733)
numpy.random.seed(3733)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3733)
rng = np.random.default_rng(3733)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 2)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
OFFSET = tf.constant([0.0, 0.0])
ROWS = 6


def per_row(r):
    return tf.tanh(tf.linalg.matvec(W, r, transpose_a=True) + OFFSET)


def train_step(x, y):
    with tf.GradientTape() as tape:
        z = tf.map_fn(per_row, x)
        loss = tf.reduce_mean(tf.square(z - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(28):
    if step == 14:
        ROWS = 70
    OFFSET = tf.constant([0.1 * (step % 5), -0.05 * (step % 3)])
    j = step % 20
    loss = train_step(tf.constant(XS[j:j + ROWS]), tf.constant(YS[j:j + ROWS]))
    print(step, ROWS, float(loss).hex())

print("final", [float(v).hex() for v in W.numpy().ravel()], ROWS)
del OFFSET

"""A second weight matrix W2 is read only inside a data-decided `for i in tf.range(n)`
loop (n is 0 for some batches).  After the loop the step asks the tape for
`tape.gradient(loss, [W1, W2])` and for `len(tape.watched_variables())`; eagerly, after a
zero-trip loop W2 was never read on the tape, so its gradient is None and only W1 is
watched.  The step filters None gradients as Keras users do (`[(g, v) for g, v in ...
if g is not None]`), counts them in an attribute and prints what it got.  Probes:
gradients and watched variables of a variable read only inside a loop on a tensor that
may run zero times."""
import random

import numpy

random.seed(77)
numpy.random.seed(77)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4037)
rng = np.random.default_rng(4037)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1])).astype(np.float32)
YS[24:32] = -3.0
YS[64:72] = -3.0
W1 = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.4, name="w1")
W2 = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.4, name="w2")
U = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4, name="u")
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Trainer:
    def __init__(self):
        self.none_grads = 0

    def step(self, x, y):
        with tf.GradientTape() as tape:
            n = tf.reduce_sum(tf.cast(y[:, 0] > -1.0, tf.int32)) // 4
            h = tf.tanh(x @ W1)
            for i in tf.range(n):
                h = tf.tanh(h @ W2) + h
            loss = tf.reduce_mean(tf.square(h @ U - y))
        nw = len(tape.watched_variables())
        grads = tape.gradient(loss, [W1, W2, U])
        pairs = [(g, v) for g, v in zip(grads, [W1, W2, U]) if g is not None]
        self.none_grads += 3 - len(pairs)
        OPT.apply_gradients(pairs)
        return loss, n, nw, len(pairs)


tr = Trainer()
for step in range(30):
    i = (step * 8) % 80
    loss, n, nw, npairs = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(loss)), nw, npairs, tr.none_grads)

print([repr(float(tf.reduce_sum(v))) for v in (W1, W2, U)], int(OPT.iterations.numpy()))

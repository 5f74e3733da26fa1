"""An LSTM-like cell state kept as a Python list `[h, c]` in an attribute: the step starts
`state = self.init_state` (the program's own list of two tensors) and runs a data-decided
`for t in tf.range(n)` loop (n is 0 for some batches) that rebinds `state = [h2, c2]`
each iteration.  After the loop it stores `self.last_state = state` and appends
`state is self.init_state` to a list; the outer loop then mutates `tr.last_state`
(appending a marker string) and prints the length of `tr.init_state`, which eagerly grows
only when the loop ran zero times (the two names are the same list).  Probes: a list
carried through a loop on a tensor that is the caller's own object after zero trips."""
import random

import numpy

random.seed(88)
numpy.random.seed(88)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4047)
rng = np.random.default_rng(4047)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1])).astype(np.float32)
YS[8:16] = -2.0
YS[48:56] = -2.0
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.4)
U = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)


class Trainer:
    def __init__(self):
        self.init_state = [tf.zeros([8, 4]), tf.zeros([8, 4])]
        self.last_state = None
        self.same = []

    def step(self, x, y):
        n = tf.reduce_sum(tf.cast(y[:, 0] > -1.0, tf.int32)) // 3
        with tf.GradientTape() as tape:
            state = self.init_state
            for t in tf.range(n):
                h, c = state[0], state[1]
                c2 = 0.5 * c + tf.tanh(x @ W + h)
                h2 = tf.tanh(c2)
                state = [h2, c2]
            loss = tf.reduce_mean(tf.square((state[0] + x) @ U - y))
        gw, gu = tape.gradient(loss, [W, U])
        if gw is not None:
            W.assign_sub(0.05 * gw)
        U.assign_sub(0.05 * gu)
        self.last_state = state
        self.same.append(state is self.init_state)
        return loss, n


tr = Trainer()
for step in range(30):
    i = (step * 8) % 80
    loss, n = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    tr.last_state.append("seen")
    print(step, int(n), repr(float(loss)), tr.same[-1], len(tr.init_state))
    del tr.init_state[2:]

print("W", repr(float(tf.reduce_sum(W))), "U", repr(float(tf.reduce_sum(U))), sum(tr.same))

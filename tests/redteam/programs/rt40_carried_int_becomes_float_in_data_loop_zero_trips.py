"""A step runs `for i in tf.range(n)` with n decided by the data (number of positive
targets, zero for some batches).  Before the loop it binds `total` to a float tensor,
`score = 0` (a Python int) and `flag = False` (a bool); inside the body
`score = score + 0.25` makes the int a Python float and `flag = 1` makes the bool an
int.  After the loop the step returns them and the loop prints their type names and
reprs.  Probes: loop-carried Python numbers whose type changes on the first iteration,
so that after a zero-trip loop they are still the int / bool the step bound."""
import random

import numpy

random.seed(41)
numpy.random.seed(41)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4002)
rng = np.random.default_rng(4002)
XS = rng.normal(size=(80, 3)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 2:3]).astype(np.float32)
YS[8:16] = -1.0
YS[40:48] = -1.5
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = x @ W - y
        n = tf.reduce_sum(tf.cast(y[:, 0] > 0.3, tf.int32))
        total = tf.constant(0.0)
        score = 0
        flag = False
        for i in tf.range(n):
            total = total + err[i, 0]
            score = score + 0.25
            flag = 1
        loss = tf.reduce_mean(tf.square(err)) + 0.01 * total
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, total, score, flag


for step in range(30):
    i = (step * 8) % 80
    loss, total, score, flag = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(total)), type(score).__name__, repr(score),
          type(flag).__name__, repr(flag))

print("W", [repr(float(v)) for v in W.numpy().ravel()])

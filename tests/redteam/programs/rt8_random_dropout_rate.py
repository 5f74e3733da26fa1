"""tf.nn.dropout with a Python-float rate that changes at every step (a schedule), 0.0 at
some steps, under a global seed.

tf.nn.dropout branches in Python on the *type and value* of `rate`: a Python number
0 returns x itself after a dummy RNG step; a Python number multiplies by the
constant 1/(1-rate) converted to float32; a tensor rate divides by (1 - rate) instead
(different rounding). A converter that promotes the changing rate to a graph tensor
takes the tensor path: different floats, and at rate 0.0 a draw eager never makes.
  steps 0-9:  rate = 0.1
  steps 10+:  rate = RATES[step % 4] with RATES = [0.0, 0.2, 0.35, 0.5]
  step 22:    RATES[0] = 0.25 (item assignment: no zero rate any more)
  step 27:    the loop draws tf.random.uniform([3]) between steps
  step 30:    tf.random.set_seed(5) from the loop
Printed: loss, the number of dropped units, and a checksum of the dropout output.
"""
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(826)

RATES = [0.0, 0.2, 0.35, 0.5]
rng = np.random.default_rng(826)
XS = rng.normal(size=(64, 7)).astype(np.float32)
YS = (XS[:, :2].prod(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(7, 16)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(16, 1)).astype(np.float32) * 0.3)


def train_step(x, y, rate):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        hd = tf.nn.dropout(h, rate=rate)
        loss = tf.reduce_mean(tf.square(hd @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    dropped = int(tf.reduce_sum(tf.cast(tf.logical_and(hd == 0.0, h != 0.0), tf.int32)))
    print("  rate", repr(rate), "dropped", dropped, "sum", repr(float(tf.reduce_sum(hd))),
          "same_obj", hd is h)
    return loss


for step in range(36):
    rate = 0.1 if step < 10 else RATES[step % 4]
    if step == 22:
        RATES[0] = 0.25
    if step == 27:
        print("loop draw", tf.random.uniform([3]).numpy().tolist())
    if step == 30:
        tf.random.set_seed(5)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), rate)
    print(step, repr(float(loss)))

print("final", repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))
print("rng", repr(float(tf.random.uniform([]))), repr(float(tf.random.normal([]))),
      repr(float(np.random.random())), repr(random.random()))

"""The step keeps a running log of per-step losses in a dynamic-size tf.TensorArray that
it receives as an argument, writes at the next index and *returns*; the loop passes the
returned array back in on the next call, reads its size and last element between calls,
and stacks it at the end.  Eager TensorArrays are Python objects holding a list.
Probes: a TensorArray handed into and out of a converted step across calls."""
import random
import numpy
random.seed(25)
numpy.random.seed(25)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3325)
rng = np.random.default_rng(3325)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 2.0).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.02)


def train_step(x, y, log, k):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    log = log.write(k, loss)
    return loss, log


log = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
first = log
for step in range(30):
    i = (step * 8) % 56
    loss, log = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), log, step)
    print(step, float(loss).hex(), int(log.size()), float(log.read(step)).hex(), type(log).__name__, log is first)

allv = log.stack()
print("stack", allv.shape, float(tf.reduce_sum(allv)).hex())
print("W", [float(v).hex() for v in W.numpy().ravel()])

"""A step collects per-row residuals in an explicit `tf.TensorArray(tf.float32, size=0,
dynamic_size=True)` written with `ta = ta.write(k, err[i])` inside a `for i in
tf.range(n)` loop, where n (rows whose target exceeds a threshold) is zero for some
batches.  After the loop it stacks the array, prints the stacked shape, `ta.size()` and
the sum, and adds the sum to the loss.  Probes: the static shape of a TensorArray's
stack() after zero writes (an eager TensorArray with no writes has no element shape;
a graph's infers it from the body's write)."""
import random

import numpy

random.seed(51)
numpy.random.seed(51)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4012)
rng = np.random.default_rng(4012)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :2] * 0.5).astype(np.float32)
YS[24:32] = -2.0
YS[64:72] = -2.0
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = x @ W - y
        n = tf.reduce_sum(tf.cast(y[:, 0] > 0.2, tf.int32))
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for i in tf.range(n):
            ta = ta.write(i, err[i])
        s = ta.stack()
        loss = tf.reduce_mean(tf.square(err)) + 0.01 * tf.reduce_sum(s)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, s, ta.size()


for step in range(30):
    i = (step * 8) % 80
    loss, s, size = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), tuple(s.shape), int(size), repr(float(tf.reduce_sum(s))))

print("W", [repr(float(v)) for v in W.numpy().ravel()])

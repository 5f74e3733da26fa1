"""Noise injection with TF's unseeded ops under a global seed, in several dtypes:
float64 normal, bfloat16 uniform, float16 truncated normal, int64 uniform with a large
range and int32 uniform with negative bounds, all in the training step.  Eager's stateful
kernels draw them; a graph must draw the same bits.  The values and the variables are
printed in hex.  Probes: eager's random numbers reproduced in graphs for dtypes other
than float32."""
import random
import numpy
random.seed(13)
numpy.random.seed(13)
import keras
import numpy as np
import tensorflow as tf

tf.random.set_seed(3313)
rng = np.random.default_rng(3313)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.5).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    n64 = tf.random.normal([8, 4], dtype=tf.float64)
    u16 = tf.random.uniform([8, 4], dtype=tf.bfloat16)
    t16 = tf.random.truncated_normal([8, 4], dtype=tf.float16)
    big = tf.random.uniform([3], minval=-2 ** 40, maxval=2 ** 41, dtype=tf.int64)
    small = tf.random.uniform([5], minval=-7, maxval=3, dtype=tf.int32)
    noise = tf.cast(n64, tf.float32) * 0.01 + tf.cast(u16, tf.float32) * 0.01 + tf.cast(t16, tf.float32) * 0.01
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x + noise) @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    return loss, n64[0, 0], u16[0, 0], t16[0, 0], big, small


for step in range(30):
    i = (step * 8) % 56
    loss, a, b, c, big, small = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(a).hex(), float(b), float(c), big.numpy().tolist(), small.numpy().tolist())

print("W", [float(v).hex() for v in W.numpy().ravel()])
print("after", float(tf.random.uniform([])).hex())

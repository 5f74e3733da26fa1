"""A custom Keras layer takes a Python list of per-feature gains as a call keyword
(`layer(x, gains=GAINS)`) and multiplies its input by them.  The step stays in the
interpreter (zlib.crc32 of an output), calls the layer twice per step, and between the
two calls edits GAINS in place (`GAINS[k] *= 0.9`).  Probes: a co-executed site whose
argument is the program's list, changed in place between two calls at the same site
within one interpreted call."""
import random
import numpy
random.seed(27)
numpy.random.seed(27)
import zlib
import keras
import numpy as np
import tensorflow as tf


class Gain(keras.layers.Layer):
    def call(self, x, gains=None):
        return x * tf.constant(gains, tf.float32)


keras.utils.set_random_seed(3327)
rng = np.random.default_rng(3327)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.5], [-0.5], [2.0]], np.float32)).astype(np.float32)
gain = Gain()
dense = keras.layers.Dense(1)
opt = keras.optimizers.SGD(learning_rate=0.03)
GAINS = [1.0, 1.0, 1.0, 1.0]


def train_step(x, y, k):
    with tf.GradientTape() as tape:
        a = gain(x, gains=GAINS)
        c = zlib.crc32(a.numpy().tobytes()) % 4
        GAINS[c] *= 0.9
        b = gain(x, gains=GAINS)
        loss = tf.reduce_mean(tf.square(dense(a + b) - y))
    grads = tape.gradient(loss, dense.trainable_variables)
    opt.apply_gradients(zip(grads, dense.trainable_variables))
    return loss, c, float(tf.reduce_sum(b - a))


for step in range(32):
    i = (step * 8) % 56
    loss, c, d = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, float(loss).hex(), c, d.hex(), [round(g, 6) for g in GAINS])

print("w", [float(tf.reduce_sum(v)).hex() for v in dense.trainable_variables])

"""The step reads its input's dtype (inputs alternate between float32 and float64
batches), picks a per-dtype scale from a dict keyed by x.dtype.name, prints str(x.dtype),
x.dtype.size and repr(x.dtype), and runs its hidden layer in a low precision named by the
global string LOW ("bfloat16", then "float16" from step 12) via tf.as_dtype(LOW),
mixing the cast activations with a Python float, an np.float32 scalar and an ndarray of
biases before casting back.  A graph must key on the dtype (one graph per dtype), follow
the global string, and round the low-precision arithmetic as eager's kernels and
conversions do.  At step 20 the program edits SCALES in place.  Probes: dtype names as
Python values, bfloat16/float16 arithmetic mixing numpy and Python numbers."""
import random

import numpy

random.seed(3740)
numpy.random.seed(3740)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3740)
rng = np.random.default_rng(3740)
XS = rng.normal(size=(64, 4))
YS = rng.normal(size=(64, 2)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCALES = {"float32": 1.0, "float64": 0.75}
LOW = "bfloat16"
BIAS = np.array([0.1, -0.2], dtype=np.float32)
NPS = np.float32(0.3)


def train_step(x, y):
    name = x.dtype.name
    info = (str(x.dtype), x.dtype.size, repr(x.dtype))
    low = tf.as_dtype(LOW)
    with tf.GradientTape() as tape:
        h = tf.cast(tf.cast(x, tf.float32) @ W, low)
        h = h * 1.1 + tf.cast(BIAS, low) * NPS + 0.05
        loss = SCALES[name] * tf.reduce_mean(tf.square(tf.cast(h, tf.float32) - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, info, h.dtype.name


for step in range(28):
    if step == 12:
        LOW = "float16"
    if step == 20:
        SCALES["float64"] = 1.5
    j = (step * 8) % 56
    x = XS[j:j + 8] if step % 2 else XS[j:j + 8].astype(np.float32)
    loss, info, hname = train_step(tf.constant(x), tf.constant(YS[j:j + 8]))
    print(step, float(loss).hex(), info, hname)

print("final", [float(v).hex() for v in W.numpy().ravel()], LOW, SCALES)

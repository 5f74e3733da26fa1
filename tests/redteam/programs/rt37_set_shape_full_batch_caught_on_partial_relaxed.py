"""The step pins its batch with x.set_shape([FULL, 4]) inside try/except ValueError: eager
raises for any batch that is not FULL rows (TensorShape.is_compatible_with fails), and
the handler then scales the loss by rows/FULL and counts the partial batch in a global.
Batch sizes cycle through 8, 6, 8, 5, 8, 7, 8, 3, so a graph cache that relaxes the batch
axis after three sizes builds (None, 4), on which set_shape([8, 4]) succeeds at build
time and nothing checks at run time: the handler would never run for the partial
batches.  At step 17 the global FULL becomes 6.  Probes: TensorShape checks eager makes
on concrete shapes that a relaxed graph only makes statically."""
import random

import numpy

random.seed(3722)
numpy.random.seed(3722)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3722)
rng = np.random.default_rng(3722)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = rng.normal(size=(80, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SIZES = [8, 6, 8, 5, 8, 7, 8, 3]
FULL = 8
PARTIAL = 0


def train_step(x, y):
    global PARTIAL
    weight = 1.0
    try:
        x.set_shape([FULL, 4])
    except ValueError:
        PARTIAL += 1
        weight = len(x) / FULL
    with tf.GradientTape() as tape:
        loss = weight * tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, weight


for step in range(32):
    if step == 17:
        FULL = 6
    b = SIZES[step % len(SIZES)]
    j = (step * 5) % 64
    loss, weight = train_step(tf.constant(XS[j:j + b]), tf.constant(YS[j:j + b]))
    print(step, b, float(loss).hex(), repr(weight), PARTIAL)

print("final", [float(v).hex() for v in W.numpy().ravel()], PARTIAL, FULL)

"""The step asks its input's TensorShape questions that eager answers from the concrete
batch: x.shape.is_fully_defined(), x.shape.num_elements(), x.shape.as_list()[0],
x.shape.rank, x.shape[1:] == [4], and x.get_shape()[0], and uses them in Python arithmetic
and a Python branch (a per-element normaliser and an extra penalty only when the batch
holds more than 24 numbers).  Batch sizes cycle through 5, 7, 6, 8, 4, so a graph cache
that relaxes the batch axis after three sizes holds (None, 4) where eager holds (b, 4):
is_fully_defined() would be False and num_elements() None in a graph.  At step 15 the
global SCALE changes.  Probes: TensorShape methods on a relaxed dimension."""
import random

import numpy

random.seed(3715)
numpy.random.seed(3715)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3715)
rng = np.random.default_rng(3715)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = rng.normal(size=(80, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SIZES = [5, 7, 6, 8, 4]
SCALE = 1.0


def train_step(x, y):
    full = x.shape.is_fully_defined()
    numel = x.shape.num_elements()
    b = x.shape.as_list()[0]
    rank = x.shape.rank
    tail_ok = x.shape[1:] == [4]
    b2 = x.get_shape()[0]
    with tf.GradientTape() as tape:
        err = tf.reduce_sum(tf.square(x @ W - y))
        loss = SCALE * err / (numel if full else 1)
        if numel is not None and numel > 24:
            loss = loss + 0.01 * tf.reduce_sum(tf.square(W))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, (full, numel, b, rank, tail_ok, b2)


for step in range(26):
    if step == 15:
        SCALE = 0.5
    b = SIZES[step % 5]
    j = (step * 3) % 60
    loss, info = train_step(tf.constant(XS[j:j + b]), tf.constant(YS[j:j + b]))
    print(step, b, float(loss).hex(), info)

print("final", [float(v).hex() for v in W.numpy().ravel()], SCALE)

"""Batches of 16 with a partial last batch of 11 per epoch, so janus relaxes the batch
dimension.  The step records static shapes that TF keeps inside objects other than
the tensor itself: tf.TensorArray.element_shape after writing per-example rows,
tf.sparse.from_dense(x).shape and tf.RaggedTensor.from_tensor(x).shape.  Eagerly
each holds the exact batch size; janus answers x.shape with eager's numbers, but these
objects get their shapes from the graph's tensors.  Probes: static shapes of library
objects built from a tensor whose dimension janus relaxed."""
import random

import numpy

random.seed(3436)
numpy.random.seed(3436)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3436)
rng = np.random.default_rng(3436)
N = 59
XS = rng.normal(size=(N, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 3:]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
SHAPES = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = x @ W - y
        loss = tf.reduce_mean(tf.square(err))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    ta = tf.TensorArray(tf.float32, size=2)
    ta = ta.write(0, err)
    ta = ta.write(1, tf.abs(err))
    sp = tf.sparse.from_dense(x)
    rg = tf.RaggedTensor.from_tensor(x)
    SHAPES.append((str(ta.element_shape), str(sp.shape), str(rg.shape)))
    return loss


for epoch in range(8):
    for b in range(0, N, 16):
        loss = train_step(tf.constant(XS[b:b + 16]), tf.constant(YS[b:b + 16]))
        print(epoch, b, float(loss).hex(), SHAPES[-1])

print("w", [float(v).hex() for v in W.numpy().ravel()])

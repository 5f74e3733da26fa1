"""Quantization-aware training bookkeeping: the step quantizes the hidden activations to
int8 (`np.round` is avoided; it scales and truncates with `.astype(np.int8)` after a
clip), then computes dequantized statistics with numpy true division by Python ints and
floats (`q / SCALE_DEN`, `q * 0.5`, `q / q_max` of two int8 arrays).  numpy gives float64
for int8 / int and int8 * float, where TensorFlow's truediv of int8 gives float32.  The
step returns the stats and the caller prints their dtype and a float64 checksum.
SCALE_DEN changes at step 14.  Probes: numpy's result dtypes for small-int arithmetic
done on `.numpy()` arrays."""
import random

import numpy

random.seed(4329)
numpy.random.seed(4329)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4329)
rng = np.random.default_rng(4329)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.03)
SCALE_DEN = 7


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    q = (tf.clip_by_value(h * 100.0, -127.0, 127.0)).numpy().astype(np.int8)
    q_max = (tf.clip_by_value(tf.abs(h) * 100.0 + 1.0, 1.0, 127.0)).numpy().astype(np.int8)
    deq = q / SCALE_DEN
    half = q * 0.5
    ratio = q / q_max
    return loss, deq, half, ratio


for step in range(30):
    if step == 14:
        SCALE_DEN = 3
    i = (step * 16) % 112
    loss, deq, half, ratio = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), str(deq.dtype), str(half.dtype), str(ratio.dtype),
          repr(float(deq.astype(np.float64).sum())), repr(float(ratio.astype(np.float64).sum())))

print(json.dumps({"W2": [repr(float(v)) for v in W2.numpy().ravel()]}))

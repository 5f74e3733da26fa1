"""The step computes a monitoring statistic before the optimizer update: the trace
of the inverse of the batch's feature covariance through tf.linalg.inv, which on the CPU
raises InvalidArgumentError ("Input is not invertible") for a singular matrix.
(tf.linalg.cholesky returns NaNs instead in TF 2.21.)  The
statistic is independent of the update.  Every 6th batch has a constant (all-zero) feature
column (a singular covariance), so the step fails there; the loop catches the error,
counts it, and goes on.  Eager raises before the update runs.  Probes: a linear-algebra
op that can fail on values, independent of the updates in the same step."""
import random
import numpy
random.seed(36)
numpy.random.seed(36)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3336)
rng = np.random.default_rng(3336)
BATCHES = []
for b in range(36):
    x = rng.normal(size=(16, 4)).astype(np.float32)
    if b % 6 == 4:
        x[:, 3] = 0.0
    y = (x[:, :1] * 0.5 - x[:, 1:2]).astype(np.float32)
    BATCHES.append((x, y))
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    xc = x - tf.reduce_mean(x, 0, keepdims=True)
    cov = tf.matmul(xc, xc, transpose_a=True) / 15.0
    prec = tf.linalg.inv(cov)
    logdet = tf.linalg.trace(prec)
    OPT.apply_gradients(zip(g, [W]))
    return loss, logdet


fails = []
for step, (x, y) in enumerate(BATCHES):
    try:
        loss, logdet = train_step(tf.constant(x), tf.constant(y))
        print(step, float(loss).hex(), round(float(logdet), 4), int(OPT.iterations))
    except tf.errors.InvalidArgumentError as e:
        fails.append(step)
        print(step, "failed", type(e).__name__, int(OPT.iterations), float(tf.reduce_sum(W)).hex())

print("fails", fails)
print("W", [float(v).hex() for v in W.numpy().ravel()])

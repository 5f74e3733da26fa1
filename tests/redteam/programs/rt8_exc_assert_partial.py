"""A data-dependent tf.debugging assertion and check_numerics fail mid-step, after an
optimizer update, a Python list append, a dict write and a `finally` counter; the loop
catches tf.errors.InvalidArgumentError and goes on.

The step: Keras Adam applies the encoder's gradients (zeroed when the loss is not
finite), then in a `try/finally` (finally: STATS["calls"] += 1) appends to HIST, runs
check_numerics on the loss and tf.debugging.assert_less(y, LIMIT), then applies the
head's gradients with a second optimizer.
  step 12: LIMIT = 3.2 (batches with a larger target now fail after the first update:
           step 19)
  step 17: YS[40:48] *= 1e30 in place (the numpy array the loop slices; the square
           overflows float32: the loss is inf at steps 21 and 29 and check_numerics fails;
           the encoder's update still happens, with zeroed gradients)
  step 25: LIMIT = 50.0
  step 30: YS[40:48] restored
Eager: a failing call keeps the encoder update, the optimizer's iteration, the finally
counter and the append; the head update does not happen. A converter that is all or
nothing where eager is not, or that runs the re-run's side effects twice, shows other
counters, iterations and weights.
"""
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(838)

LIMIT = 1e9
STATS = {"calls": 0, "done": 0}
HIST = []
rng = np.random.default_rng(838)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.abs(XS[:, :2]).sum(axis=1, keepdims=True)).astype(np.float32)
YS_ORIG = YS.copy()
enc = keras.layers.Dense(8, activation="tanh")
head = keras.layers.Dense(1)
enc.build((None, 5))
head.build((None, 8))
opt_enc = keras.optimizers.Adam(0.01)
opt_head = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape(persistent=True) as tape:
        pred = head(enc(x))
        loss = tf.reduce_mean(tf.square(pred - y))
    ge = tape.gradient(loss, enc.trainable_variables)
    gh = tape.gradient(loss, head.trainable_variables)
    del tape
    finite = tf.math.is_finite(loss)
    ge = [tf.where(finite, g, tf.zeros_like(g)) for g in ge]
    opt_enc.apply_gradients(zip(ge, enc.trainable_variables))
    try:
        HIST.append(len(HIST))
        loss = tf.debugging.check_numerics(loss, "loss not finite")
        tf.debugging.assert_less(y, LIMIT, message="target too large")
    finally:
        STATS["calls"] += 1
    opt_head.apply_gradients(zip(gh, head.trainable_variables))
    STATS["done"] += 1
    return loss


for step in range(36):
    if step == 12:
        LIMIT = 3.2
    if step == 17:
        YS[40:48] *= np.float32(1e30)
    if step == 25:
        LIMIT = 50.0
    if step == 30:
        YS[40:48] = YS_ORIG[40:48]
    i = (step * 8) % 64
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        res = repr(float(loss))
    except tf.errors.InvalidArgumentError as e:
        res = "failed " + type(e).__name__ + " " + ("target" if "target too large" in e.message else
                                                    "numerics" if "loss not finite" in e.message else "other")
    print(step, res, dict(STATS), len(HIST), int(opt_enc.iterations), int(opt_head.iterations))
    print("   w", repr(float(tf.reduce_sum(enc.kernel))), repr(float(tf.reduce_sum(head.kernel))))

print("final", [repr(float(tf.reduce_sum(v))) for v in enc.weights + head.weights + opt_enc.variables])
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))

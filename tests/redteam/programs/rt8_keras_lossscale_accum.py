"""LossScaleOptimizer with a dynamic scale and an SGD with gradient_accumulation_steps,
trained side by side in one step; non-finite batches injected from outside.

Keras implements both with `ops.cond` (each call makes a Keras Cond operation, whose
auto-numbered name takes Keras' "cond" counter; the loop probes it with
keras.backend.get_uid("cond") at some steps).
  step 13-14: BAD = inf                 (m1's input x * BAD: non-finite grads, the scale
                                          halves, the LSO's inner update is skipped;
                                          m2 always sees the clean batch)
  step 15:   BAD = 1.0
  step 20:   acc_opt.gradient_accumulation_steps = 2 (was 3)
  step 24:   lso.inner_optimizer.learning_rate = 0.02
  step 28:   BAD = nan for one step
A wrong converter applies the update on the bad steps, does not halve/grow the scale,
keeps the old accumulation period, or leaves Keras' cond counter elsewhere.
"""
import math
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(824)

m1 = keras.Sequential([keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
m2 = keras.Sequential([keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
m1.build((None, 4))
m2.build((None, 4))
lso = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.05), initial_scale=1024.0,
                                               dynamic_growth_steps=4)
acc_opt = keras.optimizers.SGD(0.05, gradient_accumulation_steps=3)
BAD = 1.0

rng = np.random.default_rng(824)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - 2.0 * XS[:, 1:2]).astype(np.float32)


def train_step(x, y):
    xb = x * BAD
    with tf.GradientTape(persistent=True) as tape:
        l1 = tf.reduce_mean(tf.square(m1(xb) - y))
        scaled = lso.scale_loss(l1)
        l2 = tf.reduce_mean(tf.square(m2(x) - y))
    g1 = tape.gradient(scaled, m1.trainable_variables)
    g2 = tape.gradient(l2, m2.trainable_variables)
    del tape
    lso.apply(g1, m1.trainable_variables)
    acc_opt.apply(g2, m2.trainable_variables)
    print("  scale", repr(float(lso.dynamic_scale)), int(lso.step_counter), int(lso.iterations),
          int(acc_opt.iterations), acc_opt.gradient_accumulation_steps)
    return l1, l2


for step in range(36):
    if step == 13:
        BAD = math.inf
    if step == 15:
        BAD = 1.0
    if step == 20:
        acc_opt.gradient_accumulation_steps = 2
    if step == 24:
        lso.inner_optimizer.learning_rate = 0.02
    if step == 28:
        BAD = math.nan
    if step == 29:
        BAD = 1.0
    i = (step * 8) % 56
    l1, l2 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    probe = keras.backend.get_uid("cond") if step in (5, 12, 19, 26, 35) else None
    print(step, repr(float(l1)), repr(float(l2)), probe)

print("final1", [repr(float(tf.reduce_sum(v))) for v in m1.weights])
print("final2", [repr(float(tf.reduce_sum(v))) for v in m2.weights])
print("accum", [repr(float(tf.reduce_sum(v))) for v in acc_opt._accumulated_gradients])
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))

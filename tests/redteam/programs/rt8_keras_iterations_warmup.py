"""Python numbers read from Keras optimizer variables drive a warmup inside the step.

`it = int(opt.iterations)` picks warmup or not (a Python branch) and the gradient scale;
`float(opt.learning_rate)` is printed before and after apply. The loop:
  step 12: opt.iterations.assign(0)         (warmup restarts: `it < WARMUP` again)
  step 15: WARMUP = 3
  step 18: opt.learning_rate = 0.01         (Keras' setter assigns the lr variable)
  step 22: opt = SGD(0.02, momentum=0.9)    (a new optimizer, auto-named "sgd_1", whose
           variables are made by its first apply inside the step)
  step 27: opt.learning_rate.assign(0.03)
  step 30: a Dense and an Adam made in the loop (their names show Keras' counters)
A wrong converter reads a stale iteration count (warmup on/off at the wrong steps), a
stale lr, or keeps the first optimizer; printed iteration numbers, names and weights
differ.
"""
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(823)

model = keras.Sequential([keras.layers.Dense(10, activation="tanh"), keras.layers.Dense(1)])
model.build((None, 5))
opt = keras.optimizers.SGD(0.05, momentum=0.9)
WARMUP = 5

rng = np.random.default_rng(823)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.cos(XS[:, :1]) + XS[:, 2:3]).astype(np.float32)


def train_step(x, y):
    it = int(opt.iterations)
    warm = it < WARMUP
    scale = (it + 1) / WARMUP if warm else 1.0
    lr_before = float(opt.learning_rate)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    grads = [g * scale for g in grads]
    opt.apply_gradients(zip(grads, model.trainable_variables))
    after = int(opt.iterations)
    print("  it", it, after, type(it).__name__, "warm", warm, "scale", repr(scale), opt.name,
          repr(lr_before), len(opt.variables))
    return loss, it


made = []
for step in range(36):
    if step == 12:
        opt.iterations.assign(0)
    if step == 15:
        WARMUP = 3
    if step == 18:
        opt.learning_rate = 0.01
    if step == 22:
        first = opt
        opt = keras.optimizers.SGD(0.02, momentum=0.9)
    if step == 27:
        opt.learning_rate.assign(0.03)
    if step == 30:
        made = [keras.layers.Dense(2).name, keras.optimizers.Adam().name, keras.layers.Dense(2).name]
    i = (step * 8) % 56
    loss, it = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), it, repr(float(opt.learning_rate)))

print("made", made, first.name, int(first.iterations), opt.name, int(opt.iterations))
print("final", [repr(float(tf.reduce_sum(v))) for v in model.weights])
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))

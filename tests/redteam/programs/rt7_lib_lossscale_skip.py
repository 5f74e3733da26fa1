"""Keras 3 LossScaleOptimizer (dynamic loss scaling) whose non-finite path fires mid-run.

The step scales the loss with opt.scale_loss, takes gradients, and lets the LossScaleOptimizer
unscale, check finiteness and either apply (inner SGD with momentum) or skip and halve the scale.
From outside, the loop poisons the batch (one input row multiplied by 1e36, so the scaled
gradients overflow to inf/nan) at steps 14, 15 and 27 (step 14 happens to stay finite: its relu units die). At step 20 the program changes
`opt.dynamic_growth_steps` from 3 to 2 (a plain Python attribute Keras reads while applying),
and at step 31 the inner optimizer's momentum (`opt.inner_optimizer.momentum = 0.0`).
Each step prints the loss repr, the scale, the growth counter and the inner iterations.
A wrong converter would apply a poisoned update, not halve the scale, keep the old growth
period (the scale doubling every 3 instead of 2 good steps), or keep the old momentum."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(1402)
random.seed(1402)
rng = np.random.default_rng(1402)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(24, activation="relu"),
                          keras.layers.Dense(10)])
inner = keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)
opt = keras.optimizers.LossScaleOptimizer(inner, initial_scale=2.0 ** 10, dynamic_growth_steps=3)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits)
        scaled = opt.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    opt.apply(grads, model.trainable_variables)
    return loss


POISON = {14, 15, 27}
for step in range(38):
    if step == 20:
        opt.dynamic_growth_steps = 2
    if step == 31:
        opt.inner_optimizer.momentum = 0.0
    idx = rng.choice(len(X), size=16, replace=False)
    xb = X[idx].copy()
    if step in POISON:
        xb[3] *= 1e36
    loss = train_step(tf.constant(xb), tf.constant(Y[idx]))
    print(step, repr(float(loss)), "scale", repr(float(opt.dynamic_scale)),
          "ctr", int(opt.step_counter), "it", int(opt.iterations), "built", opt.built)

for v in model.trainable_variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("momenta", [repr(float(np.sum(np.abs(m.numpy()), dtype=np.float64))) for m in inner.momentums])
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random(),
      rng.integers(1000))

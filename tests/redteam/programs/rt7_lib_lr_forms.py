"""Keras Adam's learning rate changes *form* mid-run, the way fine-tuning scripts do it.

Steps 0-12: a float learning rate (Keras keeps it in a Variable).
Step 13: `opt.learning_rate = 0.004` (the setter assigns into that Variable).
Step 17: `opt.learning_rate.assign(0.002)`.
Step 21: `opt.learning_rate = lambda: LR_BOX[0]` (a callable: the setter *untracks* the Variable,
         so len(opt.variables) drops by one).
Step 25: LR_BOX[0] = 0.0005 (the list is changed in place; the lambda object stays the same).
Step 29: `opt.learning_rate = ExponentialDecay(...)` (a schedule evaluated at opt.iterations).
Step 33: the schedule's fields change in place (decay_rate, staircase).
Step 36: `opt.iterations.assign(4)` (a warm restart: Adam's bias correction and the schedule restart).
Each step prints the loss repr, the learning rate the optimizer reports after its update, the
number of optimizer variables and iterations. A wrong converter keeps a stale learning rate
(the old Variable, the lambda's first value, the schedule's first fields), a stale variable
count, or Adam's bias correction from before the restart."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(1301)
random.seed(1301)
rng = np.random.default_rng(1301)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")
order = rng.permutation(len(X))
X, Y = X[order], Y[order]

model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(32, activation="relu"),
                          keras.layers.Dense(10)])
opt = keras.optimizers.Adam(learning_rate=0.01)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
LR_BOX = [0.001]


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    lr_now = opt.learning_rate
    return loss, float(lr_now), len(opt.variables), int(opt.iterations)


sched = None
for step in range(38):
    if step == 13:
        opt.learning_rate = 0.004
    elif step == 17:
        opt.learning_rate.assign(0.002)
    elif step == 21:
        opt.learning_rate = lambda: LR_BOX[0]
    elif step == 25:
        LR_BOX[0] = 0.0005
    elif step == 29:
        sched = keras.optimizers.schedules.ExponentialDecay(0.003, decay_steps=3, decay_rate=0.8)
        opt.learning_rate = sched
    elif step == 33:
        sched.decay_rate = 0.5
        sched.staircase = True
    elif step == 36:
        opt.iterations.assign(4)
    i = (step * 24) % (len(X) - 24)
    loss, lr, nvars, it = train_step(tf.constant(X[i:i + 24]), tf.constant(Y[i:i + 24]))
    print(f"step {step:2d} loss={float(loss)!r} lr={lr!r} nvars={nvars} it={it} "
          f"type={type(opt._learning_rate).__name__}")

print("final lr", repr(float(opt.learning_rate)))
for v in model.trainable_variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
for v in opt.variables:
    print("opt", v.path, repr(float(np.sum(np.abs(np.asarray(v.numpy(), dtype=np.float64))))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())

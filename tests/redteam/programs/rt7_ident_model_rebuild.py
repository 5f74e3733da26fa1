"""A Keras model rebuilt mid-run with the same shapes (weights copied, new optimizer), then the
program switches back to the original model object and its optimizer; an EMA list still
points at the variables it was made from.

Step 18: `model = build(); model.set_weights(old.get_weights()); opt = Adam(...)` (new
         variables with equal values; Adam restarts).
Step 26: `model, opt = first_model, first_opt` (the original objects again; their variables
         were frozen during 18-25, their Adam continues at its old iteration count).
Step 31: the EMA source list is repointed in place to the rebuilt model's (now idle) variables:
         EMA_SRC[:] = new.trainable_variables.
The step trains `model` with `opt` (globals) and updates EMA shadows from EMA_SRC (first the
original model's variables). Each step prints layer names, the optimizer's name and
iterations, and a checksum of the EMA shadows.
A wrong converter keeps training the model or optimizer its graph was built with, or updates
the EMA from the wrong variables."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(4129)
random.seed(4129)
rng = np.random.default_rng(4129)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")


def build():
    return keras.Sequential([keras.Input((64,)), keras.layers.Dense(20, activation="relu"),
                             keras.layers.Dense(10)])


model = build()
opt = keras.optimizers.Adam(0.003)
first_model, first_opt = model, opt
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
EMA_SRC = list(model.trainable_variables)
EMA = [tf.Variable(v.numpy()) for v in EMA_SRC]


def ck(vs):
    return repr(float(sum(np.sum(np.abs(v.numpy()), dtype=np.float64) for v in vs)))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    for e, v in zip(EMA, EMA_SRC):
        e.assign(0.9 * e + 0.1 * v)
    return loss, [l.name for l in model.layers], opt.name, int(opt.iterations)


for step in range(38):
    if step == 18:
        new = build()
        new.set_weights(model.get_weights())
        model = new
        opt = keras.optimizers.Adam(0.003)
    elif step == 26:
        model, opt = first_model, first_opt
    elif step == 31:
        EMA_SRC[:] = new.trainable_variables
    i = (step * 16) % (len(X) - 16)
    loss, names, oname, it = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), names, oname, it, "ema", ck(EMA), "model", ck(model.trainable_variables),
          model is first_model)

print("first", ck(first_model.trainable_variables), int(first_opt.iterations))
print("new", ck(new.trainable_variables))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())

"""Regularization tuned mid-run without touching the step, which adds sum(model.losses).
Both hidden Dense layers share ONE L1L2 regularizer object. Step 12: its l2 factor is
changed in place (reg.l2 = 0.05). Step 17: its l1 (0.0 at first, so Keras skipped that
term by a Python `if`) becomes 0.01. Step 22: an activity regularizer is attached to the
built output layer. Step 27: the first layer's kernel variable loses its regularizer
(variable.regularizer = None). Step 32: the activity regularizer's own factor tensor is
replaced (L1 keeps it as a tensor)."""
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(13)
np.random.seed(13)
tf.random.set_seed(13)
keras.utils.set_random_seed(13)

rng = np.random.default_rng(31)
X = rng.normal(size=(64, 6)).astype("float32")
Y = (np.sin(X[:, :2]) + 0.1 * rng.normal(size=(64, 2))).astype("float32")

reg = keras.regularizers.L1L2(l1=0.0, l2=0.001)
model = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(9, activation="tanh", kernel_regularizer=reg, name="h1"),
    keras.layers.Dense(9, activation="tanh", kernel_regularizer=reg, name="h2"),
    keras.layers.Dense(2, name="out"),
])
opt = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        data_loss = tf.reduce_mean(tf.square(pred - y))
        reg_losses = model.losses
        loss = data_loss + tf.add_n(reg_losses) if reg_losses else data_loss
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return data_loss, loss, len(reg_losses)


act = None
for step in range(38):
    if step == 12:
        reg.l2 = 0.05
    elif step == 17:
        reg.l1 = 0.01
    elif step == 22:
        act = keras.regularizers.L1(0.02)
        model.get_layer("out").activity_regularizer = act
    elif step == 27:
        model.get_layer("h1").kernel.regularizer = None
    elif step == 32:
        act.l1 = tf.constant(0.5)
    i = (step * 16) % 48
    data_loss, loss, n = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(data_loss)), repr(float(loss)), n)

flat = np.concatenate([v.numpy().ravel().astype(np.float64) for v in model.weights])
print("checksum", repr(float(flat.sum())), repr(float(np.abs(flat).sum())))
print("reg", reg.l1, reg.l2, "losses now", len(model.losses))

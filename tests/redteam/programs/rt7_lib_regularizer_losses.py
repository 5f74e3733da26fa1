"""Regularization changed mid-run on a Keras model, and `model.losses` read *outside* the step.

Layer 0 has an activity regularizer (Keras records it with add_loss during the call, into a
Python list the layer holds); the step adds `sum(model.losses)` to the loss. After every step
the loop reads `model.losses` itself, outside the step: the activity loss the last call recorded
must be an eager value, and the weight penalties are computed at that read.
Step 14: `dense2.kernel.regularizer = L2(0.01)` (on the variable, where Keras 3 looks).
Step 19: that regularizer's `l2` attribute changes in place to 0.05.
Step 24: `dense1.activity_regularizer = None` (no add_loss any more).
Step 28: `dense1.activity_regularizer = L1(0.002)`.
Step 32: `dense1.kernel_regularizer = L2(1.0)` (the layer attribute, which Keras 3 no longer
         reads after build: eager trains as before).
A wrong converter keeps the old penalty, leaves a symbolic or stale tensor in the layer's
loss list, or reports the wrong number of losses."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(1705)
random.seed(1705)
rng = np.random.default_rng(1705)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

dense1 = keras.layers.Dense(24, activation="relu", activity_regularizer=keras.regularizers.L2(1e-3))
dense2 = keras.layers.Dense(10)
model = keras.Sequential([keras.Input((64,)), dense1, dense2])
opt = keras.optimizers.SGD(0.1)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        ce = loss_fn(y, logits)
        reg = tf.add_n(model.losses) if model.losses else tf.constant(0.0)
        loss = ce + reg
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return ce, reg


for step in range(38):
    if step == 14:
        dense2.kernel.regularizer = keras.regularizers.L2(0.01)
    elif step == 19:
        dense2.kernel.regularizer.l2 = 0.05
    elif step == 24:
        dense1.activity_regularizer = None
    elif step == 28:
        dense1.activity_regularizer = keras.regularizers.L1(0.002)
    elif step == 32:
        dense1.kernel_regularizer = keras.regularizers.L2(1.0)
    i = (step * 20) % (len(X) - 20)
    ce, reg = train_step(tf.constant(X[i:i + 20]), tf.constant(Y[i:i + 20]))
    outside = [repr(float(l)) for l in model.losses]
    print(step, repr(float(ce)), repr(float(reg)), "outside", len(outside), outside,
          type(dense1.losses).__name__)

for v in model.trainable_variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())

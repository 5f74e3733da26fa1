"""A Keras loss object reconfigured mid-run: its reduction, and the kwargs Keras 3 keeps in the
loss's own `_fn_kwargs` dict (label_smoothing, from_logits), plus a sample_weight global.

Step 13: `loss_fn.reduction = "sum"`.
Step 18: `loss_fn._fn_kwargs["label_smoothing"] = 0.2` (a dict the library object holds,
         changed in place).
Step 23: the head gets a softmax activation and `_fn_kwargs["from_logits"] = False`.
Step 28: `loss_fn.reduction = "sum_over_batch_size"`.
Step 31: the global SW goes from None to a per-example weight array (a numpy array argument).
Step 35: the same SW array is written in place (SW[:] = ...), not rebound.
Each step prints the loss repr, the reduction and the kwargs. A wrong converter keeps an old
reduction, smoothing or from_logits setting, or SW's old contents."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(1907)
random.seed(1907)
rng = np.random.default_rng(1907)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y1 = np.eye(10, dtype="float32")[digits.target]

head = keras.layers.Dense(10)
model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(24, activation="relu"), head])
opt = keras.optimizers.SGD(0.02)
loss_fn = keras.losses.CategoricalCrossentropy(from_logits=True)
SW = None


def train_step(x, y):
    with tf.GradientTape() as tape:
        out = model(x, training=True)
        loss = loss_fn(y, out, sample_weight=SW)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(38):
    if step == 13:
        loss_fn.reduction = "sum"
    elif step == 18:
        loss_fn._fn_kwargs["label_smoothing"] = 0.2
    elif step == 23:
        head.activation = keras.activations.softmax
        loss_fn._fn_kwargs["from_logits"] = False
    elif step == 28:
        loss_fn.reduction = "sum_over_batch_size"
    elif step == 31:
        SW = np.linspace(0.5, 1.5, 16).astype("float32")
    elif step == 35:
        SW[:] = np.linspace(2.0, 0.0, 16).astype("float32")
    i = (step * 16) % (len(X) - 16)
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y1[i:i + 16]))
    print(step, repr(float(loss)), loss_fn.reduction, sorted(loss_fn._fn_kwargs.items()))

for v in model.trainable_variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())

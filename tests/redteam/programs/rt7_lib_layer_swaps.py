"""Layers of a Keras model reconfigured mid-run from outside the step, as fine-tuning code does.

Step 13: the first Dense layer's activation becomes tanh (`layer.activation = ...`).
Step 17: the Dropout layer's rate goes 0.2 -> 0.5.
Step 21: `bn.trainable = False` (Keras 3 then runs BatchNormalization in inference mode even
         with training=True: moving statistics frozen and used, gamma/beta not trained).
Step 25: `bn.trainable = True` and `bn.momentum = 0.5`.
Step 29: the first Dense layer is frozen (`trainable = False`): fewer trainable variables.
Step 33: the Dropout rate goes to 0.0 (Keras then draws no mask at all) and the first layer
         is unfrozen; step 36 the rate goes back to 0.3.
Each step prints the loss repr, the number of trainable variables, BN's moving mean checksum
and the first kernel's checksum. A wrong converter keeps the old activation, dropout rate,
BN mode or momentum, or keeps training the frozen kernel."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(1604)
random.seed(1604)
rng = np.random.default_rng(1604)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

dense1 = keras.layers.Dense(32, activation="relu")
bn = keras.layers.BatchNormalization(momentum=0.9)
drop = keras.layers.Dropout(0.2)
head = keras.layers.Dense(10)
model = keras.Sequential([keras.Input((64,)), dense1, bn, drop, head])
opt = keras.optimizers.Adam(0.005)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def ck(a):
    return repr(float(np.sum(np.abs(np.asarray(a, dtype=np.float64)))))


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits)
    tv = model.trainable_variables
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    return loss, len(tv)


for step in range(38):
    if step == 13:
        dense1.activation = keras.activations.get("tanh")
    elif step == 17:
        drop.rate = 0.5
    elif step == 21:
        bn.trainable = False
    elif step == 25:
        bn.trainable = True
        bn.momentum = 0.5
    elif step == 29:
        dense1.trainable = False
    elif step == 33:
        drop.rate = 0.0
        dense1.trainable = True
    elif step == 36:
        drop.rate = 0.3
    idx = rng.integers(0, len(X), size=24)
    loss, ntv = train_step(tf.constant(X[idx]), tf.constant(Y[idx]))
    print(step, repr(float(loss)), "ntv", ntv, "mm", ck(bn.moving_mean.numpy()),
          "k1", ck(dense1.kernel.numpy()), "act", dense1.activation.__name__, "rate", drop.rate)

for v in model.variables:
    print("ck", v.path, ck(v.numpy()))
print("iters", int(opt.iterations))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())

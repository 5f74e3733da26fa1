"""A Keras Sequential model edited mid-run with pop()/add(), as head re-initialisation and
progressive deepening code does; manual SGD over model.trainable_variables.

Step 15: model.pop(); model.add(Dense(10)) (a fresh head, built inside the next step).
Step 22: model.layers[0].trainable = False.
Step 28: model.pop(); model.add(Dense(12, relu)); model.add(Dense(10)) (deeper head).
Step 33: model.layers[0].trainable = True.
Each step prints the layer names, the number of trainable variables and the loss.
A wrong converter keeps calling the old layer list, keeps training the frozen layer, or
builds the new head twice (different names / initial weights)."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(4331)
random.seed(4331)
rng = np.random.default_rng(4331)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(24, activation="relu"),
                          keras.layers.Dense(10)])
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    tv = model.trainable_variables
    grads = tape.gradient(loss, tv)
    for v, g in zip(tv, grads):
        v.assign_sub(0.2 * g)
    return loss, [l.name for l in model.layers], len(tv)


for step in range(38):
    if step == 15:
        model.pop()
        model.add(keras.layers.Dense(10))
    elif step == 22:
        model.layers[0].trainable = False
    elif step == 28:
        model.pop()
        model.add(keras.layers.Dense(12, activation="relu"))
        model.add(keras.layers.Dense(10))
    elif step == 33:
        model.layers[0].trainable = True
    i = (step * 16) % (len(X) - 16)
    loss, names, ntv = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), names, ntv)

for v in model.variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())

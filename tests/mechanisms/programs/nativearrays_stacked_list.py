"""A step stacks the program's list of per-class weight arrays with `tf.stack(CLASS_W)`
(library code reading each array) and weights the loss by them; the loop edits one
array in place at step 6 and appends another class's array at step 13 (the step then
uses only the first three rows)."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(43)
rng = np.random.default_rng(43)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32))
opt = keras.optimizers.SGD(0.05)
CLASS_W = [np.full(3, 1.0, np.float32), np.full(3, 0.5, np.float32),
           np.full(3, 2.0, np.float32)]


def train_step(x, y):
    weights = tf.stack(CLASS_W)[:3]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y) * tf.reduce_mean(weights, axis=1))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss


for step in range(20):
    if step == 6:
        CLASS_W[1][0] = 3.0
    if step == 13:
        CLASS_W.append(np.full(3, 9.0, np.float32))
    i = (step * 4) % 36
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 5))

print(json.dumps({"W": [round(float(v), 5) for v in W.numpy().ravel()]}))

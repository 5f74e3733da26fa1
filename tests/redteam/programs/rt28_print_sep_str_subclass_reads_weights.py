"""The step prints its loss with print(..., sep=SEP) before the optimizer update.  print()
writes `sep` with PyFile_WriteObject(..., Py_PRINT_RAW), i.e. str(sep), and a str
subclass's own __str__ is the program's code: here it shows the first weight of W2 as it
is at that point of the step (before this step's update).  Until step 15 SEP is a plain
" "; at step 15 the loop swaps in the str subclass.  Probes: a print whose `sep`
runs program code that reads state the rest of the step changes."""
import random

import numpy

random.seed(2812)
numpy.random.seed(2812)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2812)
rng = np.random.default_rng(2812)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class WeightSep(str):
    def __str__(self):
        return " [w=" + repr(float(W2[0, 0])) + "] "


SEP = " "


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    print("  loss", repr(float(loss)), sep=SEP)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        SEP = WeightSep(" ")
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

"""The step builds a log label f"{TAG!s}|{step_no}" and prints it before the update.  `!s`
calls str(TAG); from step 15 TAG is a str subclass whose __str__ (the program's code)
reports the live first weight of W2, so eager's label changes at every call and shows
the weight before this step's update.  (Plain f"{TAG}" would format the str value
without calling __str__.)  Probes: formatting of a str-typed global whose conversion
runs program code: computed while building, or after the graph, instead of at that
point of each call."""
import random

import numpy

random.seed(2831)
numpy.random.seed(2831)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2831)
rng = np.random.default_rng(2831)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class LiveTag(str):
    def __str__(self):
        return str.__str__(self) + "@" + repr(float(W2[0, 0]))


TAG = "run-a"
LABELS = []


def train_step(x, y, step_no):
    label = f"{TAG!s}|{step_no}"
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    LABELS.append(label)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        TAG = LiveTag("run-b")
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), LABELS[-1])

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

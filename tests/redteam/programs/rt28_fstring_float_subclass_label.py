"""The step builds a log label f"lr={LR}" and stores it in a history list.  From step 15 LR
is a float subclass whose __str__ (the program's code) shows the decay count from
OPT.iterations; float.__format__ with an empty spec calls str(self), so eager's label
runs that code at every call, before this step's update.  Probes: formatting a
float-typed global whose conversion runs program code (frozen at build time, or run
after the graph, instead of at that point of each call)."""
import random

import numpy

random.seed(2854)
numpy.random.seed(2854)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2854)
rng = np.random.default_rng(2854)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class ScheduledRate(float):
    def __str__(self):
        return f"{float(self)}*0.97^{int(OPT.iterations)}"


LR = 0.05
LABELS = []


def train_step(x, y):
    label = f"lr={LR}"
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    LABELS.append(label)
    return loss


for step in range(30):
    if step == 15:
        LR = ScheduledRate(0.05)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), LABELS[-1])

print(json.dumps({
    "labels": LABELS[-3:],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

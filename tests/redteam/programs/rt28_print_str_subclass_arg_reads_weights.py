"""The step prints a run tag before the optimizer update: print("  tag", TAG).  From step
15 TAG is a str subclass (a tag that shows the live first weight of W2 in its __str__);
print() writes each argument with str(), which for a str subclass runs its own
__str__ (the program's code) at that point of the step, before this step's update.
Probes: a print argument that is a str to every type check yet runs program code when
printed, replayed after the graph."""
import random

import numpy

random.seed(2825)
numpy.random.seed(2825)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2825)
rng = np.random.default_rng(2825)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class LiveTag(str):
    def __str__(self):
        return str.__str__(self) + "@" + repr(float(W2[0, 0]))


TAG = "run-a"


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    print("  tag", TAG)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        TAG = LiveTag("run-b")
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

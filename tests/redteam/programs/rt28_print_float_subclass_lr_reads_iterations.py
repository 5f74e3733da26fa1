"""The step prints its learning rate before the optimizer update: print("  lr", LR).  From
step 15 LR is a float subclass (a "scheduled" rate whose __str__ shows the decay factor
computed from OPT.iterations, the program's code); print() calls str() on it at that
point of the step, so eager shows the iteration count before this step's update.
Probes: a print argument that is a float to every type check yet runs program code when
printed, replayed after the graph's updates."""
import random

import numpy

random.seed(2834)
numpy.random.seed(2834)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2834)
rng = np.random.default_rng(2834)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class ScheduledRate(float):
    def __str__(self):
        k = int(OPT.iterations)
        return f"{float(self)}*0.97^{k}"


LR = 0.05


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    print("  lr", LR)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        LR = ScheduledRate(0.05)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

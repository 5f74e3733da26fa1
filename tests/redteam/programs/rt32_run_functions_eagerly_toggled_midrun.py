"""The program's tf.function appends to a Python list in its body (which runs at each
call only when functions run eagerly) and computes the loss; at step 8 the program calls
tf.config.run_functions_eagerly(True), and at step 20 back to False.  The step prints the
list's length.  Probes: a converted step calling the program's tf.function while the
global run-eagerly switch changes."""
import random

import numpy

random.seed(24)
numpy.random.seed(24)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2424)
rng = np.random.default_rng(2424)
XS = rng.normal(size=(200, 3)).astype(np.float32)
YS = rng.normal(size=(200, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BODY = []


@tf.function
def loss_fn(x, y):
    BODY.append(tf.executing_eagerly())
    return tf.reduce_mean(tf.square(x @ W - y))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(x, y)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(30):
    if step == 8:
        tf.config.run_functions_eagerly(True)
    if step == 20:
        tf.config.run_functions_eagerly(False)
    i = (step * 6) % 190
    loss = train_step(tf.constant(XS[i:i + 6]), tf.constant(YS[i:i + 6]))
    print(step, repr(float(loss)), len(BODY), BODY[-1])

print(json.dumps({
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "body": BODY,
}))

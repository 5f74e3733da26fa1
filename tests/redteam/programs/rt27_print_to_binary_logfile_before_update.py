"""The step prints a line to the program's log file, print("loss", float(loss),
file=LOG), between computing its gradients and applying them.  LOG is a text file
opened by the program; at step 15 the loop rotates the log and reopens it in binary
mode ("wb", a BufferedWriter: open, writable, an io stream, but print's str write
raises TypeError "a bytes-like object is required, not 'str'") so in eager every call
raises at that line, before the update; the loop catches TypeError.  At step 24 the
log is reopened as text.  The loop prints the optimizer's counter and a weight; at the
end it prints the text log's contents.  Probes: a print to a stream that refuses str,
made before the step's updates."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2742)
numpy.random.seed(2742)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27421)
rng = np.random.default_rng(27421)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
PATH_TEXT = "rt27_print_binary_log_a.txt"   # in the run's own directory
PATH_BIN = "rt27_print_binary_log_b.bin"
LOG = open(PATH_TEXT, "w")


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    print("loss", float(loss), file=LOG)
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        LOG.close()
        LOG = open(PATH_BIN, "wb")
    if step == 24:
        LOG.close()
        LOG = open(PATH_TEXT, "a")
    i = (step * 8) % 56
    try:
        out = repr(float(train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))))
    except TypeError as e:
        out = f"TypeError {e}"
    print(step, out, int(OPT.iterations), repr(float(W2[0, 0])))

LOG.close()
with open(PATH_TEXT) as f:
    lines = f.read().splitlines()
print(len(lines), lines[-1])
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

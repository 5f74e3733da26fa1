"""The step records a debug tuple about one tensor: getattr(t, "name", None),
hasattr(t, "op"), tf.is_symbolic_tensor(t) and t.device.  An EagerTensor has no name,
op or graph (its properties raise AttributeError: "Tensor.name is undefined when eager
execution is enabled"), is not symbolic and names the device holding it; a graph
tensor is the opposite.  Until step 15 t is the input batch
(PROBE = "input"); at step 15 the loop sets PROBE = "loss" and t is the loss the step
computes.  Probes: eager-only introspection of tensors the step makes."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2735)
numpy.random.seed(2735)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27351)
rng = np.random.default_rng(27351)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
PROBE = "input"


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    t = x if PROBE == "input" else loss
    info = (getattr(t, "name", None), hasattr(t, "op"), tf.is_symbolic_tensor(t), t.device)
    return loss, info


for step in range(30):
    if step == 15:
        PROBE = "loss"
    i = (step * 8) % 56
    loss, info = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), info)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

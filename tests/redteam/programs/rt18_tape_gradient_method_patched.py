"""Probes: tf.GradientTape.gradient replaced on the class mid-run (a gradient plugin).

Gradient-noise and gradient-scaling "plugins" monkeypatch tf.GradientTape.gradient so
every training step in a code base gets them without edits.  janus handles the tape as
one of TensorFlow's own context managers, entered once while building, and watches the
classes of the objects a build hands to library code (layers, optimizers, losses,
tensors, variables); the tape is the builder's own business.  At step 12 the loop
installs a wrapper that halves every gradient and counts its calls; at step 22 it
restores the original method.  Eager's `tape.gradient(...)` looks the method up on the
class at every call."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1820)
rng = np.random.default_rng(1820)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)

ORIGINAL = tf.GradientTape.gradient
PLUGIN = {"calls": 0}


def halved_gradient(self, target, sources, output_gradients=None, unconnected_gradients=tf.UnconnectedGradients.NONE):
    PLUGIN["calls"] += 1
    grads = ORIGINAL(self, target, sources, output_gradients, unconnected_gradients)
    return [g * 0.5 for g in grads]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    OPT.apply_gradients([(gw, W), (gb, B)])
    return loss


for step in range(30):
    if step == 12:
        tf.GradientTape.gradient = halved_gradient
    if step == 22:
        tf.GradientTape.gradient = ORIGINAL
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), "plugin calls", PLUGIN["calls"])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": repr(float(B.numpy()[0])),
    "plugin_calls": PLUGIN["calls"],
}))

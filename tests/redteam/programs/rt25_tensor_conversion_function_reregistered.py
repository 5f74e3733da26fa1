"""The program keeps its per-feature gain in its own class and teaches TF to convert
it (`tf.register_tensor_conversion_function(Gain, conv)`); the step multiplies with
`tf.multiply(x, GAIN)`, so TF's conversion registry calls the program's function while
the graph is built.  At step 10 the loop registers a second conversion function for
the same class at a higher priority (priority=50), which TF's lookup now finds first;
at step 16 it edits the gain's value.  Probes: TF's tensor-conversion registry (keyed
by type and priority, not by name) changed between calls."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2529)
rng = np.random.default_rng(2529)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)


class Gain:
    def __init__(self, values):
        self.values = values


GAIN = Gain([1.0, 0.5, 1.5, 1.0])


def conv_plain(value, dtype=None, name=None, as_ref=False):
    return tf.constant(value.values, dtype=dtype or tf.float32)


def conv_sqrt(value, dtype=None, name=None, as_ref=False):
    return tf.sqrt(tf.constant(value.values, dtype=dtype or tf.float32))


tf.register_tensor_conversion_function(Gain, conv_plain)


def train_step(x, y):
    xs = tf.multiply(x, GAIN)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xs @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    return loss


for step in range(22):
    if step == 10:
        tf.register_tensor_conversion_function(Gain, conv_sqrt, priority=50)
    if step == 16:
        GAIN.values[2] = 4.0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

"""The step records the type spec of its batch, tf.type_spec_from_value(x) (and
tf.TensorSpec.from_tensor(x)), in a Python list and prints its shape.  In eager the spec
holds the batch's exact shape.  The data has a partial last batch (64 rows in batches
of 12), and at step 15 the loop changes the batch size to 9, so a graph with a relaxed
batch dimension would see (None, 5).  Probes: TF's spec introspection of a tensor whose
dimension the cache relaxed."""
import random

import numpy

random.seed(2837)
numpy.random.seed(2837)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2837)
rng = np.random.default_rng(2837)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BATCH = 12
SPECS = []


def train_step(x, y):
    spec = tf.type_spec_from_value(x)
    spec2 = tf.TensorSpec.from_tensor(x)
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    SPECS.append(spec)
    print("  spec", spec.shape, spec2.shape, spec == spec2)
    return loss


pos = 0
for step in range(34):
    if step == 15:
        BATCH = 9
    if pos >= 64:
        pos = 0
    x, y = XS[pos:pos + BATCH], YS[pos:pos + BATCH]
    pos += BATCH
    loss = train_step(tf.constant(x), tf.constant(y))
    print(step, len(x), repr(float(loss)), SPECS[-1])

print(json.dumps({
    "specs": [str(s.shape) for s in SPECS[-4:]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))

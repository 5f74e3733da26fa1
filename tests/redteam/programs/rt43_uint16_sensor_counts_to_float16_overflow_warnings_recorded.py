"""Training on "sensor" features where the step also keeps a float16 copy of raw uint16
photon counts derived from the model's activations (`(h.numpy() * GAIN).astype(np.uint16)`
then `.astype(np.float16)`), a common way to halve the memory of a logged buffer.
uint16 reaches 65535 but float16's largest finite value is 65504: numpy's cast then
gives inf and warns "overflow encountered in cast".  The caller records every step's
warnings with `warnings.catch_warnings(record=True)` and prints how many it saw and the
number of inf entries.  GAIN increases at step 12.  Probes: astype from an unsigned int
to float16 past its range, with the warnings numpy gives."""
import random

import numpy

random.seed(4328)
numpy.random.seed(4328)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4328)
rng = np.random.default_rng(4328)
XS = np.abs(rng.normal(size=(128, 6))).astype(np.float32)
YS = (XS.mean(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(np.abs(rng.normal(size=(6, 8))).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.02)
GAIN = 4000.0
BUFFER = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    counts = (tf.minimum(h * GAIN, 65535.0)).numpy().astype(np.uint16)
    half = counts.astype(np.float16)
    BUFFER.append(half)
    return loss, half


for step in range(30):
    if step == 12:
        GAIN = 60000.0
    i = (step * 16) % 112
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss, half = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    n_inf = int(np.isinf(half).sum())
    print(step, repr(float(loss)), len(caught), sorted({str(w.message) for w in caught}), n_inf)

print(json.dumps({"W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]], "buffer": len(BUFFER)}))

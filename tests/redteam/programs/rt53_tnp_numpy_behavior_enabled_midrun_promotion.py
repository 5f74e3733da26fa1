"""A weighted regression whose per-example weights come as an int32 count tensor.  The
step first tries numpy-style arithmetic, `counts * 0.5` (TypeError under TF's default
semantics) and `loss + tf.constant(0.0, tf.float64)` (an InvalidArgumentError), each in
a try/except that falls back to explicit casts, records which path ran, and asks
`hasattr(loss, "T")`.  At step 14 the loop calls
`tf.experimental.numpy.experimental_enable_numpy_behavior()`, which patches the Tensor
class (`.T`, `.reshape`, numpy-style operators) and switches TF's dtype promotion to
numpy's: from then on the first paths succeed (float64 results, cast back).  Probes:
TF's tensor classes and global promotion mode changed mid-run by a library call, and
exceptions raised by TF's operator code (at build time in a graph) caught by the step."""
import random

import numpy

random.seed(562)
numpy.random.seed(562)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(562)
rng = np.random.default_rng(562)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + XS[:, 3:4]).astype(np.float32)
CNT = rng.integers(1, 4, size=(160, 1)).astype(np.int32)

W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.03)


def train_step(x, y, counts):
    paths = []
    with tf.GradientTape() as tape:
        pred = tf.nn.tanh(x @ W1) @ W2
        try:
            w = tf.cast(counts * 0.5, tf.float32)
            paths.append("np-mul")
        except TypeError:
            w = tf.cast(counts, tf.float32) * 0.5
            paths.append("cast-mul")
        loss = tf.reduce_mean(w * tf.square(pred - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    try:
        wide = loss + tf.constant(0.0, tf.float64)
        paths.append("np-add:" + wide.dtype.name)
    except tf.errors.InvalidArgumentError:
        wide = tf.cast(loss, tf.float64)
        paths.append("cast-add")
    return loss, wide, paths, hasattr(loss, "T")


for step in range(30):
    if step == 14:
        tf.experimental.numpy.experimental_enable_numpy_behavior()
    i = (step * 8) % 152
    loss, wide, paths, has_t = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                                          tf.constant(CNT[i:i + 8]))
    print(step, repr(float(loss)), repr(float(wide)), wide.dtype.name, paths, has_t)

print(json.dumps({"w1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
                  "w2": [repr(float(v)) for v in W2.numpy().ravel()]}))

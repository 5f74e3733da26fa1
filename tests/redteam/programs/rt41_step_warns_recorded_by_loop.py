"""The step issues its own Python warnings: an unconditional DeprecationWarning-style
UserWarning with a constant message, a RuntimeWarning whose message includes the
formatted loss, and one inside `if loss > 0.6:` (a branch on a tensor).  The loop
records warnings around each call with warnings.catch_warnings(record=True) under
the "always" filter for odd steps and the "default" filter (once per location and
message) for even ones, and prints how many were recorded and their messages.
Probes: warnings.warn in a converted step (filters, the registry, messages made
from graph values)."""
import random
import warnings

import numpy

random.seed(48)
numpy.random.seed(48)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4140)
rng = np.random.default_rng(4140)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.5 + XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.03)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    warnings.warn("train_step is deprecated, use fit()", UserWarning)
    warnings.warn(f"loss now {float(loss):.4f}", RuntimeWarning)
    if loss > 0.6:
        warnings.warn("loss above 0.6", UserWarning)
    return loss


for step in range(34):
    i = (step * 8) % 64
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always" if step % 2 else "default")
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(caught), [str(c.message) for c in caught],
          [c.category.__name__ for c in caught])

print("W", [repr(float(v)) for v in W.numpy().ravel()])

"""Per-token loss reporting with numpy scalars: the step takes the summed loss as a numpy
float32 scalar (`.numpy()`), and the number of non-padding tokens as a Python int the
loader passes along with the mask, and reports `total / n_tok` and
`total_i32 / n_tok` (an int32 numpy scalar divided by a Python int, float64).  Some
batches are all padding (n_tok == 0): eagerly numpy returns inf/nan and warns "divide by
zero" / "invalid value"; from step 18 on the program sets np.seterr(divide="raise",
invalid="raise") and numpy raises FloatingPointError, which the caller catches.  Probes:
numpy scalar true division by a Python int argument, its warnings under the
caller's filters and np.seterr changed mid-run."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4416)
rng = np.random.default_rng(4416)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS[:, :1] * 0.7).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, mask, n_tok):
    with tf.GradientTape() as tape:
        per = tf.square(x @ W - y)[:, 0] * mask
        loss = tf.reduce_sum(per) / tf.maximum(tf.reduce_sum(mask), 1.0)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    total = tf.reduce_sum(per).numpy()
    total_i = tf.cast(tf.reduce_sum(per) * 1000.0, tf.int32).numpy()
    return loss, total / n_tok, total_i / n_tok


for step in range(32):
    if step == 18:
        np.seterr(divide="raise", invalid="raise")
    i = (step * 8) % 120
    pad = step >= 6 and step % 4 == 2
    mask = tf.constant(np.zeros(8, np.float32) if pad else (np.arange(8) < 6).astype(np.float32))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            loss, a, b = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), mask,
                                    0 if pad else 6)
            print(step, repr(float(loss)), repr(a), type(a).__name__, repr(b), type(b).__name__,
                  [str(w.message) for w in caught])
        except FloatingPointError as e:
            print(step, "FloatingPointError", str(e), int(OPT.iterations.numpy()))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

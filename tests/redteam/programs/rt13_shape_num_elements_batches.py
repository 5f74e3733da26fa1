"""Loss normalised by x.shape.num_elements(); batch sizes start to vary mid-run.

The step normalises a summed loss by the number of input elements, taken from the
tensor's static shape: `n = x.shape.num_elements()` (a TensorShape method; a Python int
in eager), and records n.  For steps 0-9 every batch has 8 rows; from step 10 on the
sampler yields variable-size batches (5, 7, 3, 8, 6, ...), as a bucketed or
last-partial-batch loader does.  A graph whose input shapes were relaxed to (None, 6)
has a TensorShape whose num_elements() is None; one that specialised on the build's
shape without a guard on it would keep 48.  Eager divides by the true count every
time.  (`x.shape[0]` of a relaxed dimension is documented to travel as a number; this
probes another accessor of the same static shape.)  Probes: shape relaxation and Python
values derived from a relaxed TensorShape through its methods.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1329)
rng = np.random.default_rng(1329)

XS = rng.normal(size=(256, 6)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + XS[:, 2:3]).astype(np.float32)
SIZES_PLAN = [8] * 10 + [5, 7, 3, 8, 6, 4, 7, 5, 8, 2, 6, 3, 8, 7, 5, 4, 6, 8, 3, 7]

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.02)
COUNTS = []


def train_step(x, y):
    n = x.shape.num_elements()
    with tf.GradientTape() as tape:
        sq = tf.reduce_sum(tf.square(model(x, training=True) - y))
        loss = sq * 6.0 / n
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    COUNTS.append(n)
    return loss


start = 0
for step, bs in enumerate(SIZES_PLAN):
    x, y = XS[start:start + bs], YS[start:start + bs]
    start += bs
    loss = train_step(tf.constant(x), tf.constant(y))
    print(step, repr(float(loss)), COUNTS[-1])

print(json.dumps({
    "counts": COUNTS,
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:8]],
}))
